import { beginnerCooldown, commonSafety } from './common';
import type { SchedaContent } from './types';

export const principiantePalestra: SchedaContent = {
  title: 'Scheda Principiante – Palestra',
  subtitle: 'Otto settimane tra macchine e manubri per imparare i movimenti fondamentali e aumentare i carichi in sicurezza.',
  intro: {
    forWhom:
      'Per chi si allena da meno di un anno, o riprende dopo una lunga pausa, e ha accesso a una palestra. Le macchine guidate ti aiutano a imparare il movimento; i manubri e i cavi ti preparano agli esercizi più liberi.',
    frequency: '3 sedute a settimana a giorni non consecutivi (per esempio lunedì, mercoledì, venerdì), alternando l\'allenamento A e l\'allenamento B.',
    sessionLength: '45-60 minuti compresi riscaldamento e defaticamento.',
    equipment: [
      'Tapis roulant, bike o ellittica per il riscaldamento',
      'Leg press, leg curl e leg extension',
      'Chest press e lat machine',
      'Pulley basso (rematore al cavo) e stazione dei cavi',
      'Manubri e panca regolabile',
      'Tappetino per addominali e allungamento',
      'Un quaderno o l\'app per segnare i carichi',
    ],
    paragraphs: [
      'Come leggere la scheda: "3 x 10-12" significa 3 serie da 10-12 ripetizioni. Il recupero è la pausa tra una serie e la successiva. Prima del primo esercizio della giornata fai 1-2 serie di avvicinamento leggere, che non contano nelle serie indicate.',
      'Come scegliere il carico: usa un peso con cui completi le ripetizioni indicate lasciandone 2-3 "nel serbatoio". Se arrivi al limite superiore dell\'intervallo in tutte le serie con buona tecnica, nella seduta successiva aumenta il carico del 2,5-5% (di solito il blocchetto o il manubrio successivo) e riparti dal limite inferiore. Si chiama doppia progressione ed è il motore di questa scheda.',
      'Chiedi all\'istruttore di sala di regolare con te sedili e schienali delle macchine alla prima seduta, poi annota le regolazioni.',
    ],
  },
  weeklySchedule: [
    'Settimane dispari: lunedì A, mercoledì B, venerdì A',
    'Settimane pari: lunedì B, mercoledì A, venerdì B',
    'Giorni liberi: 20-30 minuti di camminata veloce o bici a ritmo tranquillo',
  ],
  warmup: {
    title: 'Riscaldamento',
    duration: '10 minuti',
    items: [
      { name: 'Cardio leggero (tapis roulant in pendenza, bike o ellittica)', dose: '5 min', notes: 'Ritmo con cui riesci ancora a parlare.' },
      { name: 'Circonduzioni delle braccia e delle spalle', dose: '10 avanti + 10 indietro' },
      { name: 'Gatto-cammello a quattro zampe', dose: '8 ripetizioni' },
      { name: 'Squat a corpo libero', dose: '10 ripetizioni', notes: 'Lenti, cerca la profondità comoda.' },
      { name: 'Affondi con rotazione del busto', dose: '5 per lato' },
      { name: 'Band pull-apart o apertura delle braccia al cavo leggero', dose: '15 ripetizioni', notes: 'Attiva la parte alta della schiena prima delle spinte.' },
    ],
  },
  workouts: [
    {
      id: 'A',
      title: 'Allenamento A',
      focus: 'Total body sulle macchine: gambe, petto, dorso, spalle',
      format: 'Completa tutte le serie di un esercizio prima di passare al successivo.',
      exercises: [
        { name: 'Leg press', sets: 3, reps: '10-12', rest: '90 s', notes: 'Piedi alla larghezza delle spalle, schiena sempre appoggiata, non bloccare le ginocchia in alto.' },
        { name: 'Chest press alla macchina', sets: 3, reps: '10-12', rest: '90 s', notes: 'Maniglie all\'altezza del petto, scapole indietro e in basso.' },
        { name: 'Lat machine presa larga avanti', sets: 3, reps: '10-12', rest: '90 s', notes: 'Tira la barra verso la parte alta del petto, senza dondolare il busto.' },
        { name: 'Leg curl (sdraiato o seduto)', sets: 3, reps: '12', rest: '60 s', notes: 'Fase di ritorno lenta, circa 3 secondi.' },
        { name: 'Shoulder press con manubri da seduto', sets: 3, reps: '10-12', rest: '60 s', notes: 'Schienale quasi verticale, non inarcare la zona lombare.' },
        { name: 'Plank sugli avambracci', sets: 3, reps: '20-40 s', rest: '45 s', notes: 'Glutei e addome contratti.' },
      ],
    },
    {
      id: 'B',
      title: 'Allenamento B',
      focus: 'Total body con manubri e cavi: squat, stacco, tirate e stabilità',
      format: 'Completa tutte le serie di un esercizio prima di passare al successivo.',
      exercises: [
        { name: 'Goblet squat con manubrio', sets: 3, reps: '10', rest: '90 s', notes: 'Manubrio al petto, gomiti tra le ginocchia, scendi con il busto alto.' },
        { name: 'Stacco rumeno con manubri', sets: 3, reps: '10-12', rest: '90 s', notes: 'Manubri vicini alle cosce, spingi indietro il bacino, schiena neutra.' },
        { name: 'Pulley basso (rematore al cavo)', sets: 3, reps: '10-12', rest: '90 s', notes: 'Petto alto, porta i gomiti dietro e stringi le scapole.' },
        { name: 'Panca inclinata con manubri', sets: 3, reps: '10-12', rest: '90 s', notes: 'Panca a 30 gradi, manubri che scendono ai lati del petto.' },
        { name: 'Leg extension', sets: 2, reps: '12-15', rest: '60 s', notes: 'Controlla la discesa, nessun colpo a fine movimento.' },
        { name: 'Alzate laterali con manubri', sets: 2, reps: '12-15', rest: '60 s', notes: 'Carico leggero, gomiti leggermente piegati, fino all\'altezza delle spalle.' },
        { name: 'Pallof press al cavo', sets: 3, reps: '10 per lato', rest: '45 s', notes: 'In piedi di lato al cavo, spingi le mani avanti senza ruotare il busto.' },
      ],
    },
  ],
  progression: [
    { week: 1, phase: 'Tecnica', instructions: '2 serie per esercizio con carichi leggeri (potresti fare 4-5 ripetizioni in più). Trova e annota regolazioni delle macchine e carichi di partenza.' },
    { week: 2, phase: 'Adattamento', instructions: '3 serie per esercizio. Carico con cui lasci 3 ripetizioni nel serbatoio. Recuperi come da scheda.' },
    { week: 3, phase: 'Doppia progressione', instructions: 'Aggiungi ripetizioni seduta dopo seduta. Quando completi il limite superiore in tutte le serie, aumenta il carico del 2,5-5% la volta successiva.' },
    { week: 4, phase: 'Doppia progressione', instructions: 'Continua con la doppia progressione: l\'obiettivo è un piccolo aumento di carico su almeno metà degli esercizi rispetto alla settimana 2.' },
    { week: 5, phase: 'Scarico', instructions: 'Stessi esercizi e stessi carichi della settimana 4, ma solo 2 serie per esercizio. Esci dalla palestra con la sensazione di poter fare di più: è voluto.' },
    { week: 6, phase: 'Intensificazione', instructions: 'Torna a 3 serie. Ora lascia solo 1-2 ripetizioni nel serbatoio sugli esercizi alle macchine; resta a 2-3 su goblet squat e stacco rumeno.' },
    { week: 7, phase: 'Intensificazione', instructions: 'Aggiungi una quarta serie a leg press, lat machine e goblet squat. Continua ad aumentare i carichi quando raggiungi il limite superiore.' },
    { week: 8, phase: 'Verifica', instructions: 'Torna a 3 serie. Confronta carichi e ripetizioni con la settimana 2: un aumento del 15-30% sui grandi esercizi è un ottimo risultato per un principiante.' },
  ],
  cooldown: beginnerCooldown,
  safety: [
    ...commonSafety,
    'Molte palestre richiedono un certificato medico per attività sportiva non agonistica: procuratelo prima della prima seduta.',
    'Regola sempre la macchina sulla tua statura prima di iniziare e usa i fermi di sicurezza dove presenti.',
    'Non lasciare cadere i pesi alla fine della serie: accompagna il carico fino all\'appoggio.',
    'Se un esercizio non ti è chiaro chiedi all\'istruttore di sala di mostrartelo; in caso di dubbio scegli la variante alla macchina.',
    'Igienizza panche e impugnature dopo l\'uso e porta un asciugamano.',
  ],
};
