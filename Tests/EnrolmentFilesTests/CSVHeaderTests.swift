import EnrolmentFiles
import Testing

/// The header check: unknown, missing, repeated and unnamed columns are refused by name; rows must match it.
@Suite struct CSVHeaderTests {
    let known = ["email", "displayName", "city"]

    func header(_ fields: [String]) throws -> CSVHeader {
        try CSVHeader(CSVRecord(row: 1, line: 1, fields: fields), known: known, required: ["email", "displayName"])
    }

    @Test func knownColumnsInAnyOrderWithOptionalOnesLeftOut() throws {
        let checked = try header([" displayName ", "email"])
        #expect(checked.names == ["displayName", "email"])
        #expect(try checked.values(of: CSVRecord(row: 2, line: 2, fields: ["Pat", "p@example.com"]))
                == ["displayName": "Pat", "email": "p@example.com"])
    }

    @Test func unknownColumnsAreNamedWithTheKnownOnes() {
        #expect(throws: CSVError(row: 1, line: 1, message: "unknown columns password, phone; the columns are email, displayName, city.")) {
            try header(["email", "displayName", "password", "phone"])
        }
    }

    @Test func missingRequiredColumnsAreNamed() {
        #expect(throws: CSVError(row: 1, line: 1, message: "missing column displayName (required).")) {
            try header(["email", "city"])
        }
    }

    @Test func repeatedAndUnnamedColumnsAreRefused() {
        #expect(throws: CSVError(row: 1, line: 1, column: 3, columnName: "email", message: "the column email appears twice.")) {
            try header(["email", "displayName", "email"])
        }
        #expect(throws: CSVError(row: 1, line: 1, column: 2, message: "a column without a name; every column needs one.")) {
            try header(["email", "", "displayName"])
        }
    }

    @Test func aRowWithTheWrongNumberOfFieldsIsRefused() throws {
        let checked = try header(["email", "displayName"])
        #expect(throws: CSVError(row: 3, line: 4, message: "3 fields where the header has 2 (a missing or extra separator, or a quote not closed?).")) {
            try checked.values(of: CSVRecord(row: 3, line: 4, fields: ["a", "b", "c"]))
        }
    }
}
