import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';

/**
 * A tiny flow-layout helper on top of pdf-lib: a cursor that moves down the
 * page, word wrapping, automatic page breaks, simple tables and lists.
 * Only the standard Helvetica fonts are used, so every string goes through
 * `sanitize` to stay inside the WinAnsi character set.
 */

export const A4: [number, number] = [595.28, 841.89];
const MARGIN_X = 50;
const MARGIN_TOP = 56;
const MARGIN_BOTTOM = 60;

export const colors = {
  brand: rgb(0.84, 0.31, 0.12),
  brandLight: rgb(0.99, 0.93, 0.89),
  ink: rgb(0.13, 0.14, 0.17),
  muted: rgb(0.4, 0.42, 0.46),
  rule: rgb(0.84, 0.85, 0.87),
  zebra: rgb(0.965, 0.967, 0.972),
  headerBg: rgb(0.2, 0.22, 0.27),
  white: rgb(1, 1, 1),
} as const;

export type FontName = 'regular' | 'bold' | 'italic' | 'boldItalic';

export interface TextStyle {
  font?: FontName;
  size?: number;
  color?: RGB;
  /** Line height as a multiple of the font size. */
  lineHeight?: number;
}

/** A styled piece of text inside a table cell. */
export interface CellPart {
  text: string;
  style?: TextStyle;
}
export type Cell = string | CellPart[];

export interface TableOptions {
  fontSize?: number;
  /** Keep the table on one page when it fits (default true). */
  keepTogether?: boolean;
}

export interface Column {
  header: string;
  /** Relative width; columns are scaled to fill the content width. */
  weight: number;
  align?: 'left' | 'center';
}

/** Characters outside WinAnsi that may appear in content, with a printable stand-in. */
const REPLACEMENTS: Record<string, string> = {
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2192': '->',
  '\u2190': '<-',
  '\u2248': '~',
  '\u2212': '-',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2015': '-',
  '\u2032': "'",
  '\u2033': '"',
  '\u00a0': ' ',
  '\u202f': ' ',
  '\u2009': ' ',
  '\u2007': ' ',
  '\t': ' ',
  '\u200b': '',
  '\u200c': '',
  '\u200d': '',
  '\ufeff': '',
  '\u2713': 'v',
  '\u2714': 'v',
  '\u00bd': '1/2',
};

/**
 * Makes `text` drawable with a standard font: known characters are mapped to
 * ASCII stand-ins, accents are stripped as a last resort, anything else
 * becomes "?". Newlines are kept (wrapText splits on them).
 */
export function sanitize(text: string, charset: ReadonlySet<number>): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const code = ch.codePointAt(0) ?? 0x3f;
    if (ch === '\n' || charset.has(code)) {
      out += ch;
      continue;
    }
    const replacement = REPLACEMENTS[ch];
    if (replacement !== undefined) {
      out += replacement;
      continue;
    }
    const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    out += base !== ch && [...base].every((c) => charset.has(c.codePointAt(0) ?? 0)) ? base : '?';
  }
  return out.replace(/\r\n?/g, '\n');
}

/** Greedy word wrap; words longer than the line are split by character. */
export function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    const words = paragraph.split(/ +/).filter((w) => w.length > 0);
    if (words.length === 0) {
      lines.push('');
      continue;
    }
    let line = '';
    for (const word of words) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      // Break a single overlong word into chunks that fit (linear in its length).
      let rest = '';
      let restWidth = 0;
      for (const ch of word) {
        const w = font.widthOfTextAtSize(ch, size);
        if (rest && restWidth + w > maxWidth) {
          lines.push(rest);
          rest = '';
          restWidth = 0;
        }
        rest += ch;
        restWidth += w;
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

export interface StyledLine {
  text: string;
  font: PDFFont;
  size: number;
  color: RGB;
  height: number;
}

export class Layout {
  readonly doc: PDFDocument;
  private readonly fonts: Record<FontName, PDFFont>;
  private readonly charset: ReadonlySet<number>;
  /** Shown in the running header and footer of every page. */
  private readonly docTitle: string;
  page!: PDFPage;
  /** Top of the free space on the current page (PDF y grows upwards). */
  y = 0;

  private constructor(doc: PDFDocument, fonts: Record<FontName, PDFFont>, docTitle: string) {
    this.doc = doc;
    this.fonts = fonts;
    this.charset = new Set(fonts.regular.getCharacterSet());
    this.docTitle = docTitle;
  }

  static async create(docTitle: string): Promise<Layout> {
    const doc = await PDFDocument.create();
    const [regular, bold, italic, boldItalic] = await Promise.all([
      doc.embedFont(StandardFonts.Helvetica),
      doc.embedFont(StandardFonts.HelveticaBold),
      doc.embedFont(StandardFonts.HelveticaOblique),
      doc.embedFont(StandardFonts.HelveticaBoldOblique),
    ]);
    const layout = new Layout(doc, { regular, bold, italic, boldItalic }, docTitle);
    layout.addPage(false);
    return layout;
  }

  get left(): number {
    return MARGIN_X;
  }
  get width(): number {
    return A4[0] - 2 * MARGIN_X;
  }
  private get bottom(): number {
    return MARGIN_BOTTOM;
  }
  /** Vertical space available on a fresh page. */
  get usableHeight(): number {
    return A4[1] - MARGIN_TOP - MARGIN_BOTTOM;
  }

  clean(text: string): string {
    return sanitize(text, this.charset);
  }

  font(name: FontName = 'regular'): PDFFont {
    return this.fonts[name];
  }

  addPage(runningHeader = true): void {
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN_TOP;
    if (runningHeader) {
      const size = 8;
      this.page.drawText(this.clean(`Sfida 8 settimane  |  ${this.docTitle}`), {
        x: this.left,
        y: A4[1] - 34,
        size,
        font: this.fonts.regular,
        color: colors.muted,
      });
      this.page.drawLine({
        start: { x: this.left, y: A4[1] - 40 },
        end: { x: this.left + this.width, y: A4[1] - 40 },
        thickness: 0.5,
        color: colors.rule,
      });
    }
  }

  /** Starts a new page when fewer than `height` points are left. Returns true if it did. */
  ensureSpace(height: number): boolean {
    if (this.y - height < this.bottom) {
      this.addPage();
      return true;
    }
    return false;
  }

  space(height: number): void {
    this.y -= height;
  }

  /** Wraps `text` into styled lines of at most `maxWidth` points. */
  wrap(text: string, style: TextStyle, maxWidth: number): StyledLine[] {
    const font = this.fonts[style.font ?? 'regular'];
    const size = style.size ?? 10;
    const color = style.color ?? colors.ink;
    const height = size * (style.lineHeight ?? 1.4);
    return wrapText(this.clean(text), font, size, maxWidth).map((line) => ({ text: line, font, size, color, height }));
  }

  private drawLine(line: StyledLine, x: number, top: number): void {
    if (line.text) {
      this.page.drawText(line.text, { x, y: top - line.size, size: line.size, font: line.font, color: line.color });
    }
  }

  /** Draws already wrapped lines from `top` downwards, without moving the cursor. */
  drawLines(lines: StyledLine[], x: number, top: number): void {
    let y = top;
    for (const line of lines) {
      this.drawLine(line, x, y);
      y -= line.height;
    }
  }

  /** Wrapped text at the cursor, breaking pages between lines as needed. */
  text(text: string, style: TextStyle = {}, indent = 0): void {
    for (const line of this.wrap(text, style, this.width - indent)) {
      this.ensureSpace(line.height);
      this.drawLine(line, this.left + indent, this.y);
      this.y -= line.height;
    }
  }

  paragraph(text: string, style: TextStyle = {}): void {
    this.text(text, style);
    this.space(6);
  }

  /** Section heading; keeps at least `keepWithNext` points of content on the same page. */
  heading(text: string, level: 1 | 2 | 3 = 1, keepWithNext = 70): void {
    const size = level === 1 ? 16 : level === 2 ? 13 : 11;
    const before = level === 1 ? 14 : level === 2 ? 10 : 6;
    const lines = this.wrap(text, { font: 'bold', size, color: level === 1 ? colors.brand : colors.ink, lineHeight: 1.25 }, this.width);
    const height = lines.reduce((h, l) => h + l.height, 0);
    const broke = this.ensureSpace(before + height + Math.min(keepWithNext, this.usableHeight - height - before));
    if (!broke) this.space(before);
    for (const line of lines) {
      this.drawLine(line, this.left, this.y);
      this.y -= line.height;
    }
    if (level === 1) {
      this.page.drawLine({
        start: { x: this.left, y: this.y + 1 },
        end: { x: this.left + this.width, y: this.y + 1 },
        thickness: 1,
        color: colors.brand,
      });
      this.space(8);
    } else {
      this.space(3);
    }
  }

  /** Bulleted (or numbered, with `numbered`) list with hanging indent. */
  list(items: string[], options: { numbered?: boolean; style?: TextStyle } = {}): void {
    const style = options.style ?? {};
    const size = style.size ?? 10;
    const indent = options.numbered ? 18 : 14;
    items.forEach((item, i) => {
      const lines = this.wrap(item, style, this.width - indent);
      const marker = options.numbered ? `${i + 1}.` : '\u2022';
      lines.forEach((line, j) => {
        this.ensureSpace(line.height);
        if (j === 0) {
          const markerFont = options.numbered ? this.fonts.bold : this.fonts.regular;
          this.page.drawText(marker, { x: this.left + 2, y: this.y - size, size, font: markerFont, color: colors.brand });
        }
        this.drawLine(line, this.left + indent, this.y);
        this.y -= line.height;
      });
      this.space(3);
    });
    this.space(4);
  }

  /** Text in a tinted box with a brand-coloured bar on the left; kept on one page. */
  callout(text: string, style: TextStyle = {}): void {
    const pad = 8;
    const lines = this.wrap(text, { size: 9.5, ...style }, this.width - 2 * pad - 4);
    const h = sumHeights(lines) + 2 * pad - 2;
    this.ensureSpace(Math.min(h, this.usableHeight));
    this.page.drawRectangle({ x: this.left, y: this.y - h, width: this.width, height: h, color: colors.brandLight });
    this.page.drawRectangle({ x: this.left, y: this.y - h, width: 3, height: h, color: colors.brand });
    this.drawLines(lines, this.left + pad + 4, this.y - pad);
    this.y -= h;
    this.space(10);
  }

  /** Label/value rows, e.g. an info box at the top of a document. */
  definitions(rows: [string, string][], labelWidth = 130): void {
    const pad = 8;
    const blocks = rows.map(([label, value]) => ({
      label: this.wrap(label, { font: 'bold', size: 10 }, labelWidth - pad),
      value: this.wrap(value, { size: 10 }, this.width - labelWidth - 2 * pad),
    }));
    for (const block of blocks) {
      const h = Math.max(sumHeights(block.label), sumHeights(block.value)) + 6;
      this.ensureSpace(h);
      this.page.drawRectangle({ x: this.left, y: this.y - h, width: this.width, height: h, color: colors.brandLight });
      this.drawLines(block.label, this.left + pad, this.y - 3);
      this.drawLines(block.value, this.left + labelWidth + pad, this.y - 3);
      this.y -= h;
    }
    this.space(10);
  }

  private prepareTable(columns: Column[], rows: Cell[][], options: TableOptions) {
    const size = options.fontSize ?? 9.5;
    const pad = 4;
    const total = columns.reduce((s, c) => s + c.weight, 0);
    const widths = columns.map((c) => (c.weight / total) * this.width);
    const xs = widths.map((_, i) => this.left + widths.slice(0, i).reduce((s, w) => s + w, 0));
    const layoutCell = (cell: Cell, col: number, base: TextStyle): StyledLine[] => {
      const parts = typeof cell === 'string' ? [{ text: cell }] : cell;
      return parts.flatMap((p) => this.wrap(p.text, { size, ...base, ...p.style }, widths[col]! - 2 * pad));
    };
    const header = columns.map((c, i) => layoutCell(c.header, i, { font: 'bold', color: colors.white, lineHeight: 1.3 }));
    const headerHeight = Math.max(...header.map(sumHeights)) + 2 * pad;
    const body = rows.map((row) => row.map((cell, i) => layoutCell(cell, i, {})));
    const rowHeights = body.map((cells) => Math.max(...cells.map(sumHeights)) + 2 * pad);
    const height = headerHeight + rowHeights.reduce((s, h) => s + h, 0);
    return { pad, widths, xs, header, headerHeight, body, rowHeights, height };
  }

  /** Height a table would take if drawn without page breaks. */
  tableHeight(columns: Column[], rows: Cell[][], options: TableOptions = {}): number {
    return this.prepareTable(columns, rows, options).height;
  }

  /**
   * A table with a dark header row, zebra rows and wrapped cells. Tables that
   * fit on one page are kept together; longer ones break between rows and
   * repeat the header.
   */
  table(columns: Column[], rows: Cell[][], options: TableOptions = {}): void {
    const t = this.prepareTable(columns, rows, options);
    const drawHeader = (): void => {
      this.page.drawRectangle({ x: this.left, y: this.y - t.headerHeight, width: this.width, height: t.headerHeight, color: colors.headerBg });
      t.header.forEach((lines, i) => this.drawCell(lines, t.xs[i]!, t.widths[i]!, t.pad, columns[i]!.align));
      this.y -= t.headerHeight;
    };
    const fitsOnPage = t.height <= this.usableHeight;
    this.ensureSpace(fitsOnPage && options.keepTogether !== false ? t.height : t.headerHeight + (t.rowHeights[0] ?? 0));
    drawHeader();
    t.body.forEach((cells, r) => {
      const h = t.rowHeights[r]!;
      if (this.ensureSpace(h)) drawHeader();
      if (r % 2 === 1) this.page.drawRectangle({ x: this.left, y: this.y - h, width: this.width, height: h, color: colors.zebra });
      cells.forEach((lines, i) => this.drawCell(lines, t.xs[i]!, t.widths[i]!, t.pad, columns[i]!.align));
      this.y -= h;
      this.page.drawLine({ start: { x: this.left, y: this.y }, end: { x: this.left + this.width, y: this.y }, thickness: 0.4, color: colors.rule });
    });
    this.space(12);
  }

  private drawCell(lines: StyledLine[], x: number, width: number, pad: number, align: Column['align']): void {
    let top = this.y - pad;
    for (const line of lines) {
      const lineX = align === 'center' ? x + (width - line.font.widthOfTextAtSize(line.text, line.size)) / 2 : x + pad;
      this.drawLine(line, lineX, top);
      top -= line.height;
    }
  }

  /** Coloured title band at the top of the first page. */
  titleBand(title: string, subtitle: string): void {
    const bandTop = A4[1];
    const inner = this.width;
    const titleLines = this.wrap(title, { font: 'bold', size: 24, color: colors.white, lineHeight: 1.2 }, inner);
    const subLines = this.wrap(subtitle, { size: 11, color: colors.white, lineHeight: 1.35 }, inner);
    const height = 40 + 22 + sumHeights(titleLines) + 8 + sumHeights(subLines) + 24;
    this.page.drawRectangle({ x: 0, y: bandTop - height, width: A4[0], height, color: colors.brand });
    let y = bandTop - 40;
    this.page.drawText(this.clean('SFIDA 8 SETTIMANE'), { x: this.left, y: y - 10, size: 10, font: this.fonts.bold, color: colors.white });
    y -= 22;
    for (const l of [...titleLines]) {
      this.drawLine(l, this.left, y);
      y -= l.height;
    }
    y -= 8;
    for (const l of subLines) {
      this.drawLine(l, this.left, y);
      y -= l.height;
    }
    this.y = bandTop - height - 24;
  }

  /** Writes "Pagina X di N" and the document title at the bottom of every page. */
  addFooters(): void {
    const pages = this.doc.getPages();
    const size = 8;
    pages.forEach((page, i) => {
      const label = `Pagina ${i + 1} di ${pages.length}`;
      const w = this.fonts.regular.widthOfTextAtSize(label, size);
      page.drawLine({ start: { x: this.left, y: 42 }, end: { x: this.left + this.width, y: 42 }, thickness: 0.5, color: colors.rule });
      page.drawText(label, { x: this.left + this.width - w, y: 30, size, font: this.fonts.regular, color: colors.muted });
      page.drawText(this.clean(`Sfida 8 settimane - ${this.docTitle}`), { x: this.left, y: 30, size, font: this.fonts.regular, color: colors.muted });
    });
  }

  /** Sets title, author, language and the other document properties. */
  setMetadata(title: string, subject: string, keywords: string[]): void {
    this.doc.setTitle(title, { showInWindowTitleBar: true });
    this.doc.setAuthor('Sfida 8 settimane');
    this.doc.setCreator('Sfida 8 settimane');
    this.doc.setSubject(subject);
    this.doc.setKeywords(keywords);
    this.doc.setLanguage('it-IT');
  }

  async save(): Promise<Uint8Array> {
    this.addFooters();
    return this.doc.save();
  }
}

export function sumHeights(lines: StyledLine[]): number {
  return lines.reduce((h, l) => h + l.height, 0);
}
