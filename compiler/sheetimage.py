"""A page of a sheet as a PNG picture, for the documentation (docs/images/): pypdfium2 draws the PDF's page.

pypdfium2 is in the `docs` extra (locked like every dependency), not needed to build or print the sheets."""

from __future__ import annotations

import io


class ImageError(Exception):
    pass


def page_png(pdf: bytes, page: int, dpi: int = 110) -> bytes:
    """Page `page` (1-based) of `pdf` as PNG at `dpi` dots per inch."""
    from PIL import Image

    try:
        import pypdfium2
    except ImportError:
        raise ImageError("pictures of sheet pages need pypdfium2 (pip install 'lawforge[docs]'; .ci/setup "
                         "installs it)") from None
    document = pypdfium2.PdfDocument(pdf)
    try:
        if not 1 <= page <= len(document):
            raise ImageError(f"the sheet has {len(document)} pages; there is no page {page}")
        image = document[page - 1].render(scale=dpi / 72).to_pil()
    finally:
        document.close()
    out = io.BytesIO()
    image.convert("P", palette=Image.Palette.ADAPTIVE, colors=256).save(out, format="PNG", optimize=True)
    return out.getvalue()
