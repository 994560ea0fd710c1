import { PDFDocument, PDFRawStream, decodePDFRawStream } from 'pdf-lib';

/**
 * The text a PDF made with the standard fonts draws, in drawing order: its content streams
 * inflated, each shown string (`<hex> Tj`, WinAnsi) decoded. Enough to assert what a page says.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const shown: string[] = [];
  for (const page of doc.getPages()) {
    const contents = page.node.Contents();
    const streams = contents === undefined ? [] : 'asArray' in contents ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) continue;
      const operators = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      for (const match of operators.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) shown.push(new TextDecoder('windows-1252').decode(Buffer.from(match[1]!, 'hex')));
    }
  }
  return shown.join('\n');
}
