/// The catalogue files built in, by tag: one line per file of `Catalogues/` (`LocalizationTests` fails, naming the
/// line, when a file is added without it).
let embeddedCatalogueFiles: [(tag: String, bytes: [UInt8])] = [
    ("en", PackageResources.en_txt),
]
