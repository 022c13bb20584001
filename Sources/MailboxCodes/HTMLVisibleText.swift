internal import CLibXML2
import Foundation

/// The text a person sees in an HTML part, read with libxml2's HTML parser: text nodes only, so attribute values
/// (inline colours, links) never appear; `<head>`, `<style>`, `<script>` and `<template>` dropped with what they
/// hold, comments dropped, entities decoded, white space collapsed as a browser does; block elements and `<br>`
/// end a line, table cells are apart by a space.
enum HTMLVisibleText {
    /// libxml2's one-time set-up before use from several threads: Swift runs a static's initializer once.
    private static let libxml2: Void = xmlInitParser()

    private static let hidden: Set<String> = ["head", "style", "script", "template"]
    private static let blocks: Set<String> = [
        "address", "article", "aside", "blockquote", "br", "center", "dd", "div", "dl", "dt", "footer", "form", "h1", "h2",
        "h3", "h4", "h5", "h6", "header", "hr", "li", "main", "nav", "ol", "p", "pre", "section", "table", "tr", "ul",
    ]
    private static let cells: Set<String> = ["td", "th"]

    /// - Parameter html: the part's text, UTF-8 (a `<meta charset>` in it is not obeyed: the MIME reader converted it).
    /// - Returns: the visible lines, trimmed, without empty ones.
    static func text(_ html: String) -> String {
        _ = libxml2
        let options = Int32(bitPattern: HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue)
        let document = html.withCString { htmlReadMemory($0, Int32(clamping: html.utf8.count), nil, "UTF-8", options) }
        guard let document else { return "" }
        defer { xmlFreeDoc(document) }
        var text = ""
        append(document.pointee.children, to: &text)
        return text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: "\n")
    }

    /// Appends the visible text of `first` and its siblings.
    private static func append(_ first: xmlNodePtr?, to text: inout String) {
        var next = first
        while let node = next {
            next = node.pointee.next
            let type = node.pointee.type
            if type == XML_TEXT_NODE || type == XML_CDATA_SECTION_NODE, let content = node.pointee.content {
                text += collapsed(String(cString: content))
            } else if type == XML_ELEMENT_NODE, let raw = node.pointee.name {
                let name = String(cString: raw)
                guard !hidden.contains(name) else { continue }
                let separator = blocks.contains(name) ? "\n" : cells.contains(name) ? " " : ""
                text += separator
                append(node.pointee.children, to: &text)
                text += separator
            }
        }
    }

    /// Each run of HTML white space (space, tab, line feed, form feed, carriage return) as one space.
    private static func collapsed(_ text: String) -> String {
        var out = ""
        var inSpace = false
        for scalar in text.unicodeScalars {
            let space = scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}"
            if !space { out.unicodeScalars.append(scalar) } else if !inSpace { out += " " }
            inSpace = space
        }
        return out
    }
}
