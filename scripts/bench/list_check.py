#!/usr/bin/env python3
"""The `attributes` preset's list check in plain Python (csv, re, unicodedata): the baseline that
`tophhie-bench list` runs beside `tophhie enrol --check` (docs/benchmarks.md). Prints one line per problem.

    scripts/bench/list_check.py people.csv
"""
import csv, re, sys, unicodedata

EXT = "extension_7f3c2a9d4b6e41f08a5c1d2e3f4a5b6c_"
# column: (required, pattern, choices); the consent and the whole number are checked by name below.
RULES = {"displayName": (True, r"[A-Za-z][A-Za-z .'-]{1,63}", None), "givenName": (False, r".{1,64}", None),
         "surname": (False, r".{1,64}", None), "city": (False, r".{1,80}", None),
         "country": (False, None, {"Brazil", "France", "Germany", "Poland", "Sweden", "United Kingdom", "United States"}),
         "postalCode": (False, r"[A-Za-z0-9 -]{3,10}", None), EXT + "loyaltyNumber": (True, r"[0-9]{10}", None),
         EXT + "termsAccepted": (True, None, None), EXT + "birthYear": (False, r"(19|20)[0-9]{2}", None),
         EXT + "motto": (False, None, None)}
COMPILED = {name: re.compile(rule[1]) for name, rule in RULES.items() if rule[1]}
EMAIL = re.compile(r"[^@\s]+@[^@\s]+")

seen, out = {}, []
with open(sys.argv[1], newline="", encoding="utf-8-sig") as f:
    for row, person in enumerate(csv.DictReader(f), start=2):
        email = person["email"].strip()
        if not EMAIL.fullmatch(email): out.append(f"row {row}, column email: not an email")
        else:
            key = unicodedata.normalize("NFC", email).casefold()
            if key in seen: out.append(f"row {row}, column email: listed already, on row {seen[key]}")
            else: seen[key] = row
        for name, (required, pattern, choices) in RULES.items():
            value = person.get(name, "").strip()
            if not value:
                if required: out.append(f"row {row}, column {name}: required")
            elif name.endswith("termsAccepted") and value.lower() != "true": out.append(f"row {row}, column {name}: must be true")
            elif name.endswith("birthYear") and not value.lstrip("+-").isdigit(): out.append(f"row {row}, column {name}: not a number")
            elif choices is not None and value not in choices: out.append(f"row {row}, column {name}: not a choice")
            elif pattern and not COMPILED[name].fullmatch(value): out.append(f"row {row}, column {name}: wrong format")
sys.stdout.write("\n".join(out) + ("\n" if out else ""))
