import type { Scheda } from '@sfida/core/user';
import { colors, Layout, sumHeights, type Cell, type Column } from '../../functions/src/shared/pdf-layout';
import { ricettario, type Recipe } from './ricettario';
import { schede, type Routine, type Workout } from './schede/index';

/** Renders one training sheet ("scheda") as an A4 PDF. */
export async function renderSchedaPdf(id: Scheda): Promise<Uint8Array> {
  const entry = schede[id];
  if (!entry) throw new Error(`Scheda sconosciuta: ${String(id)}`);
  const c = entry.content;
  const layout = await Layout.create(c.title);
  layout.setMetadata(c.title, `Scheda di allenamento di otto settimane: ${entry.title}`, [
    'Sfida 8 settimane',
    'scheda di allenamento',
    entry.title,
  ]);

  layout.titleBand(c.title, c.subtitle);
  layout.definitions([
    ['Per chi è', c.intro.forWhom],
    ['Frequenza', c.intro.frequency],
    ['Durata della seduta', c.intro.sessionLength],
  ]);

  layout.heading('Attrezzatura', 2, 40);
  layout.list(c.intro.equipment);

  layout.heading('Come usare questa scheda');
  for (const p of c.intro.paragraphs) layout.paragraph(p);

  layout.heading('La settimana tipo');
  layout.list(c.weeklySchedule);

  renderRoutine(layout, c.warmup);

  layout.heading('Gli allenamenti');
  layout.paragraph(
    `La scheda prevede ${c.workouts.length} allenamenti diversi (${c.workouts.map((w) => w.id).join(', ')}). ` +
      'Le serie indicate sono serie di lavoro; il recupero è la pausa dopo ciascuna serie.',
  );
  for (const w of c.workouts) renderWorkout(layout, w);

  layout.heading('Progressione nelle 8 settimane');
  layout.paragraph(
    'Segui una riga alla settimana. Se salti una settimana per malattia o impegni, riprendi dalla settimana precedente a quella interrotta invece di proseguire.',
  );
  layout.table(
    [
      { header: 'Sett.', weight: 0.7, align: 'center' },
      { header: 'Fase', weight: 1.6 },
      { header: 'Cosa fare', weight: 6 },
    ],
    c.progression.map((p) => [[{ text: String(p.week), style: { font: 'bold' } }], [{ text: p.phase, style: { font: 'bold' } }], p.instructions]),
  );

  renderRoutine(layout, c.cooldown);

  layout.heading('Note di sicurezza');
  layout.list(c.safety);

  layout.space(6);
  layout.text('Buon allenamento! Per qualsiasi dubbio su un esercizio o sulla progressione chiedi al tuo coach.', {
    font: 'boldItalic',
    size: 10.5,
    color: colors.brand,
  });

  return layout.save();
}

function renderRoutine(layout: Layout, routine: Routine): void {
  const columns: Column[] = [
    { header: 'Esercizio', weight: 3.2 },
    { header: 'Durata / ripetizioni', weight: 1.6 },
    { header: 'Indicazioni', weight: 3.4 },
  ];
  const rows: Cell[][] = routine.items.map((item) => [item.name, item.dose, [{ text: item.notes ?? '-', style: { color: colors.muted } }]]);
  layout.heading(`${routine.title} (${routine.duration})`, 1, layout.tableHeight(columns, rows));
  layout.table(columns, rows);
}

function renderWorkout(layout: Layout, w: Workout): void {
  const focusStyle = { font: 'italic', size: 10 } as const;
  const formatStyle = { size: 9.5, color: colors.muted };
  const columns: Column[] = [
    { header: '#', weight: 0.55, align: 'center' },
    { header: 'Esercizio', weight: 5 },
    { header: 'Serie', weight: 0.8, align: 'center' },
    { header: 'Ripetizioni', weight: 1.5, align: 'center' },
    { header: 'Recupero', weight: 1.1, align: 'center' },
  ];
  const rows: Cell[][] = w.exercises.map((e, i) => [
    [{ text: e.label ?? String(i + 1), style: { font: 'bold', color: colors.brand } }],
    [
      { text: e.name, style: { font: 'bold' } },
      ...(e.notes ? [{ text: e.notes, style: { font: 'italic' as const, size: 8.5, color: colors.muted } }] : []),
    ],
    String(e.sets),
    e.reps,
    e.rest,
  ]);
  // Keep heading, description and table together.
  const intro =
    sumHeights(layout.wrap(w.focus, focusStyle, layout.width)) + (w.format ? sumHeights(layout.wrap(w.format, formatStyle, layout.width)) : 0) + 6;
  layout.heading(w.title, 2, intro + layout.tableHeight(columns, rows));
  layout.text(w.focus, focusStyle);
  if (w.format) layout.text(w.format, formatStyle);
  layout.space(6);
  layout.table(columns, rows);
}

/** Renders the quick-recipes booklet ("Ricettario veloce") as an A4 PDF. */
export async function renderRicettarioPdf(): Promise<Uint8Array> {
  // Two passes: the first finds the page of each recipe for the index.
  const first = await layoutRicettario(null);
  const second = await layoutRicettario(first.recipePages);
  return second.layout.save();
}

async function layoutRicettario(recipePages: number[] | null): Promise<{ layout: Layout; recipePages: number[] }> {
  const r = ricettario;
  const layout = await Layout.create(r.title);
  layout.setMetadata(r.title, r.subtitle, ['Sfida 8 settimane', 'ricette', 'alimentazione']);
  layout.titleBand(r.title, r.subtitle);
  for (const p of r.intro) layout.paragraph(p);

  layout.heading('Indice delle ricette');
  layout.table(
    [
      { header: 'Ricetta', weight: 5.2 },
      { header: 'Pasto', weight: 1.3 },
      { header: 'Minuti', weight: 0.9, align: 'center' },
      { header: 'kcal/porz.', weight: 1.1, align: 'center' },
      { header: 'Pag.', weight: 0.7, align: 'center' },
    ],
    r.recipes.map((rec, i) => [rec.title, rec.category, String(rec.minutes), `${rec.kcal}`, recipePages ? String(recipePages[i]) : '00']),
    { fontSize: 9.5 },
  );

  const pages: number[] = [];
  r.recipes.forEach((rec, i) => {
    pages.push(renderRecipe(layout, rec, i + 1));
  });
  return { layout, recipePages: pages };
}

/** Draws one recipe, kept on a single page; returns the page number it is on. */
function renderRecipe(layout: Layout, rec: Recipe, n: number): number {
  const porzioni = rec.servings === 1 ? '1 porzione' : `${rec.servings} porzioni`;
  const meta = `${rec.category}  ·  ${porzioni}  ·  ${rec.minutes} minuti  ·  circa ${rec.kcal} kcal e ${rec.proteinG} g di proteine a porzione`;
  const title = `${n}. ${rec.title}`;
  const tip = rec.tip ? `Consiglio: ${rec.tip}` : null;

  // Two columns: ingredients on the left, steps on the right.
  const gap = 20;
  const leftW = layout.width * 0.4 - gap / 2;
  const rightW = layout.width * 0.6 - gap / 2;
  const rightX = layout.left + leftW + gap;
  const qtyW = 82;
  const numW = 16;
  const size = 9.5;
  const rowGap = 4;
  const subTitleH = 20;
  const ingredients = rec.ingredients.map((ing) => ({
    qty: layout.wrap(ing.quantity, { font: 'bold', size }, qtyW - 6),
    name: layout.wrap(ing.name, { size }, leftW - qtyW),
  }));
  const steps = rec.steps.map((step) => layout.wrap(step, { size }, rightW - numW));
  const ingH = ingredients.reduce((h, r) => h + Math.max(sumHeights(r.qty), sumHeights(r.name)) + rowGap, 0);
  const stepsH = steps.reduce((h, lines) => h + sumHeights(lines) + rowGap, 0);
  const bodyH = subTitleH + Math.max(ingH, stepsH);

  // Keep the whole recipe on one page: it always fits on a fresh one.
  const headH = sumHeights(layout.wrap(title, { font: 'bold', size: 16, lineHeight: 1.25 }, layout.width)) + 22;
  const metaH = sumHeights(layout.wrap(meta, { size }, layout.width)) + 8;
  const tipH = tip ? sumHeights(layout.wrap(tip, { font: 'italic', size }, layout.width - 20)) + 26 : 0;
  layout.ensureSpace(Math.min(headH + metaH + bodyH + tipH, layout.usableHeight));
  const page = layout.doc.getPageCount();

  layout.heading(title, 1, metaH + bodyH);
  layout.text(meta, { font: 'bold', size, color: colors.muted });
  layout.space(8);

  if (bodyH > layout.usableHeight - metaH) {
    // Far too long for two columns on one page: fall back to a single flowing column.
    layout.heading('Ingredienti', 3);
    layout.list(rec.ingredients.map((i) => `${i.quantity} ${i.name}`));
    layout.heading('Procedimento', 3);
    layout.list(rec.steps, { numbered: true });
  } else {
    const top = layout.y;
    const sub = { font: 'bold', size: 11, color: colors.ink } as const;
    layout.drawLines(layout.wrap('Ingredienti', sub, leftW), layout.left, top);
    layout.drawLines(layout.wrap('Procedimento', sub, rightW), rightX, top);

    let y = top - subTitleH;
    for (const row of ingredients) {
      const h = Math.max(sumHeights(row.qty), sumHeights(row.name));
      layout.drawLines(row.qty, layout.left, y);
      layout.drawLines(row.name, layout.left + qtyW, y);
      y -= h + rowGap;
      layout.page.drawLine({ start: { x: layout.left, y: y + rowGap / 2 }, end: { x: layout.left + leftW, y: y + rowGap / 2 }, thickness: 0.4, color: colors.rule });
    }
    y = top - subTitleH;
    steps.forEach((lines, i) => {
      layout.drawLines(layout.wrap(`${i + 1}.`, { font: 'bold', size, color: colors.brand }, numW), rightX, y);
      layout.drawLines(lines, rightX + numW, y);
      y -= sumHeights(lines) + rowGap;
    });
    layout.y = top - bodyH;
    layout.space(8);
  }

  if (tip) layout.callout(tip, { font: 'italic' });
  layout.space(6);
  return page;
}
