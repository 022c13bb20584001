import ScreenGallery

// Prints docs/screens.md; `scripts/gallery` writes it there.
print(Gallery.markdown(), terminator: "")
