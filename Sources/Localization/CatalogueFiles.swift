/// The catalogue files built in, by tag: one line per file of `Catalogues/` (`LocalizationTests` fails, naming the
/// line, when a file is added without it).
let embeddedCatalogueFiles: [(tag: String, bytes: [UInt8])] = [
    ("de", PackageResources.de_txt),
    ("en", PackageResources.en_txt),
    ("es", PackageResources.es_txt),
    ("fr", PackageResources.fr_txt),
    ("pl", PackageResources.pl_txt),
    ("pt-BR", PackageResources.pt_BR_txt),
]
