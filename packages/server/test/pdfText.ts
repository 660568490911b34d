// Reads a PDF as a person would: its pages' text, through pdfjs-dist (no system package needed).
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of each page of a PDF, its pieces joined by spaces. */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  // pdfjs takes the buffer over: give it a copy.
  const loading = getDocument({ data: new Uint8Array(bytes) });
  const document = await loading.promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      pages.push(
        content.items
          .map((item) => ('str' in item ? item.str : ''))
          .join(' ')
          .replace(/\s+/g, ' '),
      );
    }
    return pages;
  } finally {
    await loading.destroy();
  }
}
