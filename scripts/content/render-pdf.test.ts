import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument, PDFHexString, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import { schedaSchema } from '@sfida/core/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAllPdfs, RICETTARIO_FILE_NAME, schedaPdfPath } from './build-pdfs';
import { Layout, sanitize, wrapText } from '../../functions/src/shared/pdf-layout';
import { renderRicettarioPdf, renderSchedaPdf } from './render-pdf';
import { ricettario } from './ricettario';
import { schede, schedaIds } from './schede/index';

function language(doc: PDFDocument): string | undefined {
  const lang = doc.catalog.lookup(PDFName.of('Lang'));
  return lang instanceof PDFString || lang instanceof PDFHexString ? lang.decodeText() : undefined;
}

/** Every string anywhere inside a value (objects, arrays). */
function allStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(allStrings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(allStrings);
  return [];
}

let helveticaCharset: Set<number>;
beforeAll(async () => {
  const doc = await PDFDocument.create();
  helveticaCharset = new Set((await doc.embedFont(StandardFonts.Helvetica)).getCharacterSet());
});

describe('training sheet content', () => {
  it('covers exactly the four sheets of the core enum', () => {
    expect([...schedaIds].sort()).toEqual([...schedaSchema.options].sort());
    for (const id of schedaIds) {
      expect(schede[id].id).toBe(id);
      expect(schede[id].downloadFileName).toMatch(/^scheda-[a-z-]+\.pdf$/);
      expect(schede[id].title).toMatch(/^(Principiante|Avanzato) – (Casa|Palestra)$/);
    }
  });

  it.each(schedaIds)('%s has a complete eight-week plan', (id) => {
    const c = schede[id].content;
    expect(c.progression.map((p) => p.week)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const p of c.progression) {
      expect(p.phase.length).toBeGreaterThan(2);
      expect(p.instructions.length).toBeGreaterThan(40);
    }
    // A lighter week to absorb the work.
    expect(c.progression.some((p) => /scarico|consolidamento/i.test(p.phase))).toBe(true);
    expect(c.intro.equipment.length).toBeGreaterThanOrEqual(3);
    expect(c.intro.frequency).toMatch(/\d sedute a settimana/);
    expect(c.warmup.items.length).toBeGreaterThanOrEqual(4);
    expect(c.cooldown.items.length).toBeGreaterThanOrEqual(4);
    expect(c.safety.some((s) => /medico/.test(s))).toBe(true);
    expect(c.safety.some((s) => /dolore/.test(s))).toBe(true);
    expect(c.workouts.length).toBeGreaterThanOrEqual(2);
    for (const w of c.workouts) {
      expect(w.exercises.length).toBeGreaterThanOrEqual(5);
      for (const e of w.exercises) {
        expect(Number.isInteger(e.sets) && e.sets >= 1 && e.sets <= 6, `${w.id} ${e.name} sets`).toBe(true);
        expect(e.reps, `${w.id} ${e.name} reps`).toMatch(/\d/);
        expect(e.rest, `${w.id} ${e.name} rest`).toMatch(/^\d+ s$/);
      }
    }
  });

  it('makes advanced plans harder than beginner plans in the same place', () => {
    const weeklySets = (id: keyof typeof schede): number =>
      schede[id].content.workouts.reduce((sum, w) => sum + w.exercises.reduce((s, e) => s + e.sets, 0), 0) /
      schede[id].content.workouts.length *
      Number(/(\d) sedute/.exec(schede[id].content.intro.frequency)?.[1]);
    expect(weeklySets('AVANZATO_CASA')).toBeGreaterThan(weeklySets('PRINCIPIANTE_CASA'));
    expect(weeklySets('AVANZATO_PALESTRA')).toBeGreaterThan(weeklySets('PRINCIPIANTE_PALESTRA'));
    for (const id of ['AVANZATO_CASA', 'AVANZATO_PALESTRA'] as const) {
      const labels = schede[id].content.workouts.flatMap((w) => w.exercises.map((e) => e.label));
      expect(labels, 'supersets').toContain('A2');
    }
  });
});

describe('recipe content', () => {
  it('has twelve quick recipes with ingredients, steps and nutrition', () => {
    expect(ricettario.recipes).toHaveLength(12);
    expect(new Set(ricettario.recipes.map((r) => r.title)).size).toBe(12);
    for (const r of ricettario.recipes) {
      expect(r.minutes, r.title).toBeLessThanOrEqual(25);
      expect(r.servings).toBeGreaterThanOrEqual(1);
      expect(r.servings).toBeLessThanOrEqual(2);
      expect(r.kcal).toBeGreaterThan(100);
      expect(r.kcal).toBeLessThan(900);
      expect(r.proteinG).toBeGreaterThan(5);
      expect(r.ingredients.length).toBeGreaterThanOrEqual(4);
      expect(r.steps.length).toBeGreaterThanOrEqual(3);
      for (const i of r.ingredients) {
        expect(i.quantity.trim(), `${r.title}: ${i.name}`).not.toBe('');
        expect(i.name.trim()).not.toBe('');
      }
    }
  });
});

describe('text encoding', () => {
  it('uses only characters the standard Helvetica font can draw', () => {
    const strings = [...allStrings(schede), ...allStrings(ricettario)];
    const bad = strings.flatMap((s) => [...s].filter((ch) => !helveticaCharset.has(ch.codePointAt(0)!)).map((ch) => `${ch} in "${s}"`));
    expect(bad).toEqual([]);
  });

  it('maps or replaces anything WinAnsi cannot encode', () => {
    expect(sanitize('≤ 20 min → ok', helveticaCharset)).toBe('<= 20 min -> ok');
    expect(sanitize('perché “così” – già…', helveticaCharset)).toBe('perché “così” – già…');
    expect(sanitize('a\tb\u2009c\u00a0d', helveticaCharset)).toBe('a b c\u00a0d');
    expect(sanitize('ŝ 💪 漢', helveticaCharset)).toBe('s ? ?');
  });

  it('never throws on hostile text and wraps within the width', async () => {
    const layout = await Layout.create('Prova 💪 ≤ → 漢字');
    const nasty = `Emoji 💪🏽, simboli ≤ ≥ → ½ ✓, CJK 漢字, RTL שלום, tab\there, a\r\nnuova riga, ${'x'.repeat(400)}`;
    layout.heading(nasty);
    layout.text(nasty);
    layout.list([nasty, '']);
    layout.definitions([[nasty, nasty]]);
    layout.callout(nasty);
    layout.table([{ header: nasty, weight: 1 }, { header: 'B', weight: 1 }], [[nasty, ''], ['', [{ text: nasty, style: { font: 'boldItalic' } }]]]);
    for (let i = 0; i < 80; i++) layout.text(`Riga ${i} àèéìòù`);
    const doc = await PDFDocument.load(await layout.save());
    expect(doc.getPageCount()).toBeGreaterThan(1);

    const font = await doc.embedFont(StandardFonts.Helvetica);
    const lines = wrapText(sanitize(nasty, helveticaCharset), font, 10, 200);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(200);
  });
});

describe('PDF rendering', () => {
  it.each(schedaIds)('renders %s with metadata and a sensible page count', async (id) => {
    const doc = await PDFDocument.load(await renderSchedaPdf(id));
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(3);
    expect(doc.getPageCount()).toBeLessThanOrEqual(8);
    expect(doc.getTitle()).toBe(schede[id].content.title);
    expect(doc.getAuthor()).toBe('Sfida 8 settimane');
    expect(language(doc)).toBe('it-IT');
    const { width, height } = doc.getPage(0).getSize();
    expect(Math.round(width)).toBe(595);
    expect(Math.round(height)).toBe(842);
  });

  it('renders the recipe booklet', async () => {
    const doc = await PDFDocument.load(await renderRicettarioPdf());
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(4);
    expect(doc.getPageCount()).toBeLessThanOrEqual(14);
    expect(doc.getTitle()).toBe('Ricettario veloce');
    expect(doc.getAuthor()).toBe('Sfida 8 settimane');
    expect(language(doc)).toBe('it-IT');
  });
});

describe('buildAllPdfs', () => {
  let outDir: string;
  beforeAll(async () => {
    outDir = await mkdtemp(path.join(tmpdir(), 'sfida-pdf-'));
  });
  afterAll(async () => {
    await rm(outDir, { recursive: true, force: true });
  });

  it('writes the four sheets and the recipe booklet', async () => {
    const files = await buildAllPdfs(outDir);
    const expected = [...schedaIds.map((id) => schedaPdfPath(id)), RICETTARIO_FILE_NAME].map((f) => path.join(outDir, f));
    expect([...files].sort()).toEqual([...expected].sort());
    for (const f of files) {
      const bytes = await readFile(f);
      expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    }
  });
});
