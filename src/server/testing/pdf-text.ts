import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFRef } from 'pdf-lib'

/**
 * The text drawn on a PDF's pages, line by line, for tests: pdf-lib writes each line as a hex string
 * in the standard fonts' WinAnsi encoding (`<48656C6C6F> Tj`), in a deflated content stream.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes)
  const lines: string[] = []
  for (const page of doc.getPages()) {
    const contents = page.node.Contents()
    const refs = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : []
    for (const ref of refs) {
      const stream = doc.context.lookup(ref as PDFRef)
      if (!(stream instanceof PDFRawStream)) continue
      const ops = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1')
      for (const m of ops.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
        lines.push(Buffer.from(m[1]!, 'hex').toString('latin1'))
      }
    }
  }
  return lines.join('\n')
}
