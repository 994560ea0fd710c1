import type { Routine } from './types';

/**
 * Pieces shared by more than one sheet. Each sheet still owns its full content;
 * these are only the parts a coach would genuinely repeat word for word.
 */

/** Safety notes valid for every plan; sheets add their own specific ones. */
export const commonSafety: string[] = [
  'Prima di iniziare un nuovo programma di allenamento consulta il tuo medico, soprattutto se hai patologie cardiache, pressione alta, diabete, dolori articolari, sei in gravidanza o non ti alleni da molto tempo.',
  'Interrompi subito l\'esercizio in caso di dolore acuto, dolore al petto, capogiri, nausea o fiato corto anomalo. Un normale affaticamento muscolare è atteso; un dolore articolare o pungente no.',
  'La tecnica viene prima del carico e delle ripetizioni: se la forma peggiora, la serie è finita. Meglio una ripetizione in meno fatta bene che una in più fatta male.',
  'Respira durante tutto il movimento: in genere espira nella fase di sforzo e inspira nella fase di ritorno. Non trattenere il fiato a lungo.',
  'Il recupero fa parte del programma: dormi 7-9 ore, bevi acqua durante la giornata e lascia almeno un giorno di riposo tra due sedute che allenano gli stessi muscoli.',
  'Un indolenzimento muscolare nei 1-3 giorni successivi (DOMS) è normale nelle prime settimane. Se dura più di 4-5 giorni o limita i movimenti quotidiani, riduci il volume e parlane con il coach.',
];

/** Cool-down shared by the beginner plans. */
export const beginnerCooldown: Routine = {
  title: 'Defaticamento e allungamento',
  duration: '6-8 minuti',
  items: [
    { name: 'Camminata lenta sul posto o per la stanza', dose: '1-2 min', notes: 'Lascia scendere il battito e respira con calma.' },
    { name: 'Allungamento del quadricipite in piedi', dose: '30 s per lato', notes: 'Tieniti a un muro, ginocchia vicine, bacino in avanti.' },
    { name: 'Allungamento dei muscoli posteriori della coscia', dose: '30 s per lato', notes: 'Tallone su un rialzo basso, schiena lunga, piegati dalle anche.' },
    { name: 'Allungamento dei glutei da supino (figura 4)', dose: '30 s per lato', notes: 'Caviglia sul ginocchio opposto, avvicina le gambe al petto.' },
    { name: 'Allungamento del pettorale al muro', dose: '30 s per lato', notes: 'Avambraccio appoggiato al muro, ruota piano il busto dalla parte opposta.' },
    { name: 'Posizione del bambino', dose: '45 s', notes: 'Ginocchia larghe, braccia avanti, respira "nella schiena".' },
    { name: 'Respirazione diaframmatica da supino', dose: '1 min', notes: 'Inspira dal naso in 4 secondi, espira dalla bocca in 6 secondi.' },
  ],
};

/** Cool-down shared by the advanced plans. */
export const advancedCooldown: Routine = {
  title: 'Defaticamento e mobilità',
  duration: '8-10 minuti',
  items: [
    { name: 'Camminata o pedalata leggera', dose: '2-3 min', notes: 'Intensità molto bassa, respirazione nasale.' },
    { name: 'Affondo basso con allungamento del flessore dell\'anca', dose: '40 s per lato', notes: 'Ginocchio posteriore a terra, contrai il gluteo della gamba dietro.' },
    { name: 'Allungamento dei posteriori della coscia da supino', dose: '40 s per lato', notes: 'Usa un asciugamano o un elastico intorno al piede.' },
    { name: 'Piccione modificato (glutei e rotatori dell\'anca)', dose: '40 s per lato', notes: 'In alternativa figura 4 da supino se senti fastidio al ginocchio.' },
    { name: 'Allungamento del gran dorsale in ginocchio', dose: '40 s', notes: 'Mani su una panca o sedia, spingi il petto verso terra.' },
    { name: 'Apertura del petto in porta', dose: '30 s per lato', notes: 'Gomito all\'altezza della spalla, nessun dolore alla spalla.' },
    { name: 'Respirazione a scatola (4-4-4-4)', dose: '1-2 min', notes: 'Inspira 4 s, trattieni 4 s, espira 4 s, pausa 4 s.' },
  ],
};
