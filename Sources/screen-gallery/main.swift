import ScreenGallery

// Prints docs/screens.md, or with `--languages` docs/screens-languages.md; `scripts/gallery` writes both.
print(CommandLine.arguments.dropFirst().first == "--languages" ? Gallery.languagesMarkdown() : Gallery.markdown(), terminator: "")
