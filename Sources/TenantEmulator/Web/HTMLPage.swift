import Foundation

/// One page of the emulator's browser sign-in: a heading, text, an optional error and at most one form.
///
/// Rendering is a function of the value: every piece of text is HTML-escaped here, so callers pass raw
/// strings (user input included). Element ids are stable for browser automation: `heading`, `message`,
/// `error` (role `alert`), form `signin`, inputs `user_code`, `username`, `password`, `code`, hidden
/// `flow`, buttons `next` and `cancel`; the `form_post` answer's form is `response`.
/// Source: docs/protocol.md §I4.4–§I4.6 (what the pages stand in for); OWASP XSS prevention rules 1–2.
struct HTMLPage {
    /// One visible input.
    struct Field {
        /// `id` and `name`: `user_code`, `username`, `password` or `code`.
        var name: String
        var label: String
        /// `text` or `password`.
        var type = "text"
        /// The `autocomplete` hint, e.g. `username`, `current-password`, `one-time-code`.
        var autocomplete = "off"
        /// Kept on re-show after an error (never for passwords or codes).
        var value = ""
    }

    /// The page's form.
    struct Form {
        /// Where the form posts (a path of this emulator, or the client's redirect URI for `form_post`).
        var action: String
        var id = "signin"
        var hidden: [(name: String, value: String)] = []
        var fields: [Field] = []
        var submitLabel = "Next"
        /// Adds the `cancel` button (`action=cancel`).
        var cancellable = false
        /// Submits itself on load (the `form_post` response mode); a `noscript` button stays for no-script browsers.
        var autoSubmit = false
    }

    var title: String
    var heading: String
    var paragraphs: [String] = []
    var error: String?
    var form: Form?
    /// The HTTP status: 200 for pages and re-shown forms, 400 for dead ends (unknown client or redirect URI).
    var status = 200

    /// The whole document.
    func render() -> String {
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(HTML.escape(title))</title></head>
            <body>
            <main>
            <h1 id="heading">\(HTML.escape(heading))</h1>

            """
        for (index, paragraph) in paragraphs.enumerated() {
            html += "<p\(index == 0 ? " id=\"message\"" : "")>\(HTML.escape(paragraph))</p>\n"
        }
        if let error {
            html += "<p id=\"error\" role=\"alert\">\(HTML.escape(error))</p>\n"
        }
        if let form {
            html += "<form id=\"\(HTML.escape(form.id))\" method=\"post\" action=\"\(HTML.escape(form.action))\">\n"
            for hidden in form.hidden {
                html += "<input type=\"hidden\" id=\"\(HTML.escape(hidden.name))\" name=\"\(HTML.escape(hidden.name))\" value=\"\(HTML.escape(hidden.value))\">\n"
            }
            for field in form.fields {
                html += "<p><label for=\"\(field.name)\">\(HTML.escape(field.label))</label>\n"
                html += "<input type=\"\(field.type)\" id=\"\(field.name)\" name=\"\(field.name)\" value=\"\(HTML.escape(field.value))\" "
                html += "autocomplete=\"\(field.autocomplete)\" required"
                html += error != nil ? " aria-describedby=\"error\"" : ""
                html += "></p>\n"
            }
            if form.autoSubmit {
                html += "<noscript><button type=\"submit\" id=\"next\">\(HTML.escape(form.submitLabel))</button></noscript>\n</form>\n"
                html += "<script>document.getElementById(\"\(HTML.escape(form.id))\").submit();</script>\n"
            } else {
                html += "<p><button type=\"submit\" id=\"next\" name=\"action\" value=\"next\">\(HTML.escape(form.submitLabel))</button>"
                if form.cancellable {
                    html += "\n<button type=\"submit\" id=\"cancel\" name=\"action\" value=\"cancel\" formnovalidate>Cancel</button>"
                }
                html += "</p>\n</form>\n"
            }
        }
        html += "</main>\n</body>\n</html>\n"
        return html
    }

    /// The page as an answer: `text/html; charset=utf-8`, not cached, not framed.
    var response: EmulatorResponse {
        EmulatorResponse(status: status, headers: ["Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store",
                                                   "X-Frame-Options": "DENY"],
                         body: Data(render().utf8))
    }
}
