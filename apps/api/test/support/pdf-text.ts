import { extractText, getDocumentProxy } from 'unpdf';

/**
 * The text of a PDF as a reader would copy it, page after page (unpdf: PDF.js built for servers, no worker, no
 * canvas), for tests that check what a drawn document says: the API's and the browser suite's alike. The
 * bytes are copied first, since PDF.js takes ownership of the buffer it is given.
 */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  try {
    const { text } = await extractText(document, { mergePages: true });
    return text;
  } finally {
    await document.destroy();
  }
}
