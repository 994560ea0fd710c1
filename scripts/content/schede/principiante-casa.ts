import { beginnerCooldown, commonSafety } from './common';
import type { SchedaContent } from './types';

export const principianteCasa: SchedaContent = {
  title: 'Scheda Principiante – Casa',
  subtitle: 'Otto settimane a corpo libero per costruire forza, resistenza e buone abitudini, senza uscire di casa.',
  intro: {
    forWhom:
      'Per chi parte da zero o riprende dopo una lunga pausa (meno di un anno di allenamento costante) e preferisce allenarsi a casa. Non servono attrezzi particolari: il corpo è il primo sovraccarico, poi uno zaino con qualche libro o bottiglia d\'acqua.',
    frequency: '3 sedute a settimana a giorni alterni (per esempio lunedì, mercoledì, venerdì), alternando l\'allenamento A e l\'allenamento B.',
    sessionLength: '35-45 minuti compresi riscaldamento e defaticamento.',
    equipment: [
      'Tappetino o asciugamano spesso',
      'Una sedia robusta senza ruote (appoggiata a un muro)',
      'Un gradino o uno step stabile',
      'Uno zaino da riempire con libri o bottiglie d\'acqua (da 3 a 8 kg)',
      'Un tavolo o un divano solido per i piegamenti su rialzo',
      'Un timer (va benissimo quello del telefono)',
    ],
    paragraphs: [
      'Come leggere la scheda: "3 x 10-12" significa 3 serie da 10-12 ripetizioni. Il recupero indicato è la pausa tra una serie e la successiva. Quando trovi "per lato" o "per gamba", il numero vale per ciascun lato.',
      'Quanto spingere: chiudi ogni serie quando ti restano ancora 2-3 ripetizioni "nel serbatoio", cioè quando potresti farne ancora due o tre con una buona tecnica. In queste otto settimane non serve arrivare allo sfinimento.',
      'Segna su un quaderno o nell\'app le ripetizioni fatte e come è andata: è il modo più semplice per vedere i progressi e capire quando rendere un esercizio più difficile.',
    ],
  },
  weeklySchedule: [
    'Settimane dispari: lunedì A, mercoledì B, venerdì A',
    'Settimane pari: lunedì B, mercoledì A, venerdì B',
    'Giorni liberi: almeno 6.000-8.000 passi; una passeggiata veloce di 30 minuti vale come recupero attivo',
  ],
  warmup: {
    title: 'Riscaldamento',
    duration: '8-10 minuti',
    items: [
      { name: 'Marcia sul posto con slancio delle braccia', dose: '2 min', notes: 'Aumenta gradualmente il ritmo fino a sentirti caldo.' },
      { name: 'Circonduzioni delle braccia', dose: '10 avanti + 10 indietro' },
      { name: 'Rotazioni del busto in piedi', dose: '10 per lato', notes: 'Bacino fermo, ruota spalle e sguardo.' },
      { name: 'Gatto-cammello a quattro zampe', dose: '8 ripetizioni', notes: 'Muovi la colonna una vertebra alla volta.' },
      { name: 'Slanci delle gambe avanti e indietro', dose: '10 per gamba', notes: 'Tieniti a un muro, movimento controllato.' },
      { name: 'Squat lenti a corpo libero', dose: '10 ripetizioni', notes: 'Scendi solo fin dove stai comodo.' },
      { name: 'Affondi indietro alternati', dose: '5 per gamba' },
      { name: 'Jumping jack a basso impatto (senza salto)', dose: '30 s', notes: 'Apri un piede alla volta portando le braccia sopra la testa.' },
    ],
  },
  workouts: [
    {
      id: 'A',
      title: 'Allenamento A',
      focus: 'Total body con accento su gambe e spinta',
      format: 'Esegui gli esercizi nell\'ordine: completa tutte le serie di un esercizio prima di passare al successivo.',
      exercises: [
        { name: 'Squat a corpo libero', sets: 3, reps: '10-12', rest: '60 s', notes: 'Talloni a terra, ginocchia nella direzione delle punte, petto alto.' },
        { name: 'Piegamenti con mani su rialzo (tavolo o divano)', sets: 3, reps: '8-10', rest: '60 s', notes: 'Corpo in linea dalla testa ai talloni, gomiti a 45 gradi dal busto.' },
        { name: 'Affondi indietro alternati', sets: 3, reps: '8 per gamba', rest: '60 s', notes: 'Passo lungo, busto dritto, ginocchio posteriore verso terra.' },
        { name: 'Rematore a un braccio con zaino', sets: 3, reps: '10-12 per lato', rest: '60 s', notes: 'Mano libera su una sedia, schiena piatta, tira il gomito verso il fianco.' },
        { name: 'Ponte glutei a terra', sets: 3, reps: '12-15', rest: '45 s', notes: 'Spingi con i talloni, stringi i glutei in alto per 1 secondo.' },
        { name: 'Plank sugli avambracci (anche sulle ginocchia)', sets: 3, reps: '20-30 s', rest: '45 s', notes: 'Addome contratto, bacino né alto né basso.' },
      ],
    },
    {
      id: 'B',
      title: 'Allenamento B',
      focus: 'Total body con accento su catena posteriore e tirata',
      format: 'Esegui gli esercizi nell\'ordine: completa tutte le serie di un esercizio prima di passare al successivo.',
      exercises: [
        { name: 'Squat alla sedia (siediti e rialzati)', sets: 3, reps: '10-12', rest: '60 s', notes: 'Sfiora la sedia senza lasciarti cadere, rialzati spingendo con tutto il piede.' },
        { name: 'Stacco rumeno con zaino', sets: 3, reps: '10-12', rest: '60 s', notes: 'Ginocchia morbide, spingi indietro il bacino, schiena neutra, zaino vicino alle gambe.' },
        { name: 'Dip alla sedia con gambe piegate', sets: 3, reps: '6-10', rest: '60 s', notes: 'Spalle lontane dalle orecchie, scendi finché i gomiti sono a circa 90 gradi.' },
        { name: 'Step-up sul gradino', sets: 3, reps: '8 per gamba', rest: '60 s', notes: 'Tutto il piede sul gradino, sali senza spingere con la gamba a terra.' },
        { name: 'Superman alternato a terra', sets: 3, reps: '10 per lato', rest: '45 s', notes: 'Solleva braccio e gamba opposti, sguardo a terra, pausa di 2 secondi.' },
        { name: 'Dead bug', sets: 3, reps: '8 per lato', rest: '45 s', notes: 'Zona lombare appoggiata a terra per tutta la serie, movimento lento.' },
      ],
    },
  ],
  progression: [
    { week: 1, phase: 'Adattamento', instructions: '2 serie per esercizio, ripetizioni nella parte bassa dell\'intervallo. Impara i movimenti e annota il test iniziale: massimo di piegamenti su rialzo e di squat in 1 minuto, tempo massimo di plank.' },
    { week: 2, phase: 'Adattamento', instructions: '3 serie per esercizio come indicato in scheda. Recuperi pieni. Obiettivo: tutte le serie con la stessa tecnica della prima.' },
    { week: 3, phase: 'Costruzione', instructions: '3 serie, porta ogni esercizio verso la parte alta dell\'intervallo di ripetizioni (es. 12 squat, 10 piegamenti, 30 s di plank).' },
    { week: 4, phase: 'Consolidamento', instructions: 'Settimana più leggera: 2 serie per esercizio con ripetizioni comode. Aggiungi 5 minuti di mobilità a fine seduta. Serve ad assorbire il lavoro fatto.' },
    { week: 5, phase: 'Progressione', instructions: 'Rendi più difficili le varianti: rialzo più basso per i piegamenti, zaino più pesante (+1-2 kg) per rematore e stacco, gradino più alto. 3 serie nella parte bassa dell\'intervallo.' },
    { week: 6, phase: 'Progressione', instructions: '3 serie, sali di nuovo verso la parte alta dell\'intervallo con le varianti nuove. Riduci il recupero di 15 secondi sugli esercizi in cui ti senti a tuo agio.' },
    { week: 7, phase: 'Picco', instructions: '4 serie per i primi due esercizi di ogni allenamento, 3 serie per gli altri. Plank fino a 40 s. È la settimana più impegnativa: cura sonno e alimentazione.' },
    { week: 8, phase: 'Verifica', instructions: 'Torna a 3 serie. Nell\'ultima seduta ripeti il test della settimana 1 e confronta i risultati: è il momento di misurare quanto sei cresciuto.' },
  ],
  cooldown: beginnerCooldown,
  safety: [
    ...commonSafety,
    'Allenati su una superficie stabile e non scivolosa, con scarpe chiuse o a piedi nudi sul tappetino, mai con le calze sul pavimento liscio.',
    'Controlla che sedia, gradino e tavolo siano stabili e appoggiati al muro prima di caricarli con il tuo peso.',
    'Nello zaino sistema il peso in modo che non si sposti durante il movimento e tieni le cinghie ben regolate.',
  ],
};
