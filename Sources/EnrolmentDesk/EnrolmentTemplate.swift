import AccountFlow
import EnrolmentFiles

/// The text of `tophhie enrol --template`: a header of the form's columns (email, then the tenant's sign-up
/// attributes; never a password) and one commented row giving each column's rule, which ``CSVReader`` skips.
enum EnrolmentTemplate {
    static func text(for form: EnrolmentForm) -> String {
        let rules = form.columns.map(form.rule(of:))
        // The comment is one line: a rule never holds a line break, and a reader skips to the line's end.
        return CSVField.record(form.columns) + "# " + CSVField.record(rules).replacing("\r\n", with: "") + "\r\n"
    }
}
