/**
 * "Ricettario veloce": quick, healthy Italian recipes handed to every
 * participant. Nutrition values are per serving and approximate.
 */

export type RecipeCategory = 'Colazione' | 'Spuntino' | 'Pranzo' | 'Cena';

export interface Ingredient {
  /** Quantity for the whole recipe, e.g. "160 g", "1 cucchiaio". */
  quantity: string;
  name: string;
}

export interface Recipe {
  title: string;
  category: RecipeCategory;
  servings: number;
  /** Total time in minutes, preparation and cooking. */
  minutes: number;
  /** Approximate energy per serving. */
  kcal: number;
  /** Approximate protein per serving, in grams. */
  proteinG: number;
  ingredients: Ingredient[];
  steps: string[];
  tip?: string;
}

export interface Ricettario {
  title: string;
  subtitle: string;
  intro: string[];
  recipes: Recipe[];
}

export const ricettario: Ricettario = {
  title: 'Ricettario veloce',
  subtitle: 'Dodici ricette sane e gustose, pronte in 20 minuti o meno, per mangiare bene anche nelle giornate piene.',
  intro: [
    'Queste ricette sono pensate per accompagnare le otto settimane della sfida: pochi ingredienti facili da trovare, tempi brevi e una buona quota di proteine in ogni piatto. Le quantità sono indicate per le porzioni scritte in ogni ricetta; per cucinare per più persone basta moltiplicarle.',
    'Calorie e proteine sono valori indicativi per porzione, calcolati su ingredienti medi: servono a orientarti, non a contare tutto al grammo. Adatta le porzioni di pasta, pane e condimenti al tuo fabbisogno e ai consigli del coach.',
    'Abbreviazioni: g = grammi, ml = millilitri, olio EVO = olio extravergine di oliva. Un cucchiaio di olio corrisponde a circa 10 g, un cucchiaino a circa 5 g.',
  ],
  recipes: [
    {
      title: 'Porridge proteico con frutti di bosco e noci',
      category: 'Colazione',
      servings: 1,
      minutes: 10,
      kcal: 460,
      proteinG: 24,
      ingredients: [
        { quantity: '40 g', name: 'fiocchi d\'avena' },
        { quantity: '200 ml', name: 'latte parzialmente scremato (o bevanda di soia senza zucchero)' },
        { quantity: '100 g', name: 'yogurt greco 0% grassi' },
        { quantity: '100 g', name: 'frutti di bosco freschi o surgelati' },
        { quantity: '15 g', name: 'gherigli di noce' },
        { quantity: '1 cucchiaino', name: 'miele (facoltativo)' },
        { quantity: '1 pizzico', name: 'cannella' },
      ],
      steps: [
        'Versa avena e latte in un pentolino e porta a leggero bollore a fuoco medio.',
        'Cuoci 4-5 minuti mescolando spesso, finché il porridge diventa cremoso.',
        'Togli dal fuoco, aggiungi la cannella e lascia intiepidire un minuto.',
        'Trasferisci in una ciotola, completa con yogurt greco, frutti di bosco, noci spezzettate e, se vuoi, il miele.',
      ],
      tip: 'Se usi frutti di bosco surgelati, aggiungili al porridge nell\'ultimo minuto di cottura: si scongelano e colorano tutto.',
    },
    {
      title: 'Uova strapazzate con spinaci e pane integrale',
      category: 'Colazione',
      servings: 1,
      minutes: 10,
      kcal: 440,
      proteinG: 32,
      ingredients: [
        { quantity: '2', name: 'uova medie' },
        { quantity: '60 g', name: 'albume d\'uovo (circa 2 albumi)' },
        { quantity: '100 g', name: 'spinaci freschi già lavati' },
        { quantity: '15 g', name: 'parmigiano reggiano grattugiato' },
        { quantity: '1 cucchiaino', name: 'olio EVO' },
        { quantity: '60 g', name: 'pane integrale (2 fette)' },
        { quantity: 'q.b.', name: 'sale e pepe nero' },
      ],
      steps: [
        'Scalda l\'olio in una padella antiaderente e fai appassire gli spinaci per 2 minuti con un pizzico di sale.',
        'In una ciotola sbatti uova, albume, parmigiano e pepe con una forchetta.',
        'Versa le uova sugli spinaci a fuoco basso e mescola con una spatola finché si rapprendono ma restano morbide, circa 2-3 minuti.',
        'Tosta il pane e servilo accanto alle uova.',
      ],
      tip: 'Togli la padella dal fuoco un attimo prima che le uova sembrino pronte: finiscono di cuocere con il calore residuo.',
    },
    {
      title: 'Yogurt greco con mela, cannella e mandorle',
      category: 'Spuntino',
      servings: 1,
      minutes: 5,
      kcal: 260,
      proteinG: 20,
      ingredients: [
        { quantity: '170 g', name: 'yogurt greco 0% grassi' },
        { quantity: '1', name: 'mela piccola (circa 150 g)' },
        { quantity: '15 g', name: 'mandorle' },
        { quantity: '1/2 cucchiaino', name: 'cannella in polvere' },
      ],
      steps: [
        'Lava la mela, elimina il torsolo e tagliala a cubetti piccoli lasciando la buccia.',
        'Trita grossolanamente le mandorle con un coltello.',
        'Versa lo yogurt in una ciotola, aggiungi la mela, le mandorle e spolvera con la cannella.',
      ],
      tip: 'Ottimo anche dopo l\'allenamento. D\'inverno puoi scaldare la mela 2 minuti in padella con la cannella.',
    },
    {
      title: 'Cous cous integrale con ceci, zucchine, feta e menta',
      category: 'Pranzo',
      servings: 2,
      minutes: 15,
      kcal: 590,
      proteinG: 24,
      ingredients: [
        { quantity: '120 g', name: 'cous cous integrale' },
        { quantity: '240 g', name: 'ceci già cotti, sciacquati (1 barattolo sgocciolato)' },
        { quantity: '2', name: 'zucchine medie' },
        { quantity: '80 g', name: 'feta' },
        { quantity: '10', name: 'foglie di menta' },
        { quantity: '1', name: 'limone non trattato' },
        { quantity: '2 cucchiai', name: 'olio EVO' },
        { quantity: 'q.b.', name: 'sale e pepe' },
      ],
      steps: [
        'Metti il cous cous in una ciotola, aggiungi un pizzico di sale e 130 ml di acqua bollente. Copri e lascia riposare 5 minuti.',
        'Nel frattempo taglia le zucchine a cubetti e saltale in padella con un cucchiaio di olio per 5-6 minuti, finché sono dorate ma ancora croccanti.',
        'Sgrana il cous cous con una forchetta e unisci zucchine, ceci e feta sbriciolata.',
        'Condisci con l\'olio rimasto, succo e scorza grattugiata di mezzo limone, menta spezzettata e pepe. Mescola e servi tiepido o freddo.',
      ],
      tip: 'Si conserva in frigorifero per due giorni in un contenitore chiuso: perfetto da portare al lavoro.',
    },
    {
      title: 'Pasta integrale con tonno, pomodorini e capperi',
      category: 'Pranzo',
      servings: 2,
      minutes: 20,
      kcal: 450,
      proteinG: 30,
      ingredients: [
        { quantity: '160 g', name: 'pasta integrale corta (penne o fusilli)' },
        { quantity: '160 g', name: 'tonno al naturale sgocciolato' },
        { quantity: '250 g', name: 'pomodorini' },
        { quantity: '1 cucchiaio', name: 'capperi dissalati' },
        { quantity: '1 spicchio', name: 'aglio' },
        { quantity: '1 cucchiaio e mezzo', name: 'olio EVO' },
        { quantity: '1 ciuffo', name: 'prezzemolo fresco' },
        { quantity: 'q.b.', name: 'sale e peperoncino' },
      ],
      steps: [
        'Metti sul fuoco l\'acqua per la pasta e, quando bolle, salala e cuoci la pasta per il tempo indicato sulla confezione.',
        'Intanto scalda l\'olio in una padella larga con l\'aglio schiacciato e il peperoncino, poi aggiungi i pomodorini tagliati a metà.',
        'Cuoci i pomodorini 5-6 minuti, togli l\'aglio e unisci capperi e tonno sbriciolato; mescola per un minuto.',
        'Scola la pasta al dente tenendo da parte un mestolo di acqua di cottura, saltala nel sugo aggiungendo un po\' di acqua se serve e completa con il prezzemolo tritato.',
      ],
    },
    {
      title: 'Spaghetti integrali con gamberi, zucchine e limone',
      category: 'Pranzo',
      servings: 2,
      minutes: 20,
      kcal: 480,
      proteinG: 35,
      ingredients: [
        { quantity: '160 g', name: 'spaghetti integrali' },
        { quantity: '250 g', name: 'gamberi sgusciati (freschi o surgelati e scongelati)' },
        { quantity: '2', name: 'zucchine medie' },
        { quantity: '1 spicchio', name: 'aglio' },
        { quantity: '1', name: 'limone non trattato (scorza)' },
        { quantity: '1 cucchiaio e mezzo', name: 'olio EVO' },
        { quantity: 'q.b.', name: 'sale, pepe, prezzemolo' },
      ],
      steps: [
        'Cuoci gli spaghetti in abbondante acqua salata.',
        'Taglia le zucchine a julienne o a rondelle sottili e saltale in padella con olio e aglio per 4 minuti.',
        'Aggiungi i gamberi e cuocili 2-3 minuti, finché diventano rosati: non di più, o diventano gommosi. Regola di sale e pepe.',
        'Scola la pasta al dente, saltala in padella con un mestolino di acqua di cottura e completa con scorza di limone grattugiata e prezzemolo.',
      ],
      tip: 'Con i gamberi surgelati, lasciali scongelare in frigorifero dalla sera prima e asciugali bene prima di cuocerli.',
    },
    {
      title: 'Insalata di lenticchie, feta, rucola e pomodorini',
      category: 'Pranzo',
      servings: 2,
      minutes: 10,
      kcal: 435,
      proteinG: 21,
      ingredients: [
        { quantity: '240 g', name: 'lenticchie già cotte, sciacquate' },
        { quantity: '80 g', name: 'feta' },
        { quantity: '50 g', name: 'rucola' },
        { quantity: '150 g', name: 'pomodorini' },
        { quantity: '1/2', name: 'cipolla rossa di Tropea' },
        { quantity: '1 cucchiaio e mezzo', name: 'olio EVO' },
        { quantity: '1 cucchiaio', name: 'aceto di mele o di vino' },
        { quantity: '80 g', name: 'pane integrale' },
        { quantity: 'q.b.', name: 'sale, pepe, origano' },
      ],
      steps: [
        'Affetta sottile la cipolla e lasciala 5 minuti in una ciotola con l\'aceto: diventa più delicata.',
        'Taglia i pomodorini a metà e la feta a cubetti.',
        'In un\'insalatiera unisci lenticchie, rucola, pomodorini, feta e la cipolla con il suo aceto.',
        'Condisci con olio, sale, pepe e origano, mescola delicatamente e servi con il pane integrale tostato.',
      ],
    },
    {
      title: 'Petto di pollo al limone con zucchine trifolate',
      category: 'Cena',
      servings: 2,
      minutes: 20,
      kcal: 320,
      proteinG: 38,
      ingredients: [
        { quantity: '300 g', name: 'petto di pollo a fettine' },
        { quantity: '15 g', name: 'farina (per infarinare)' },
        { quantity: '1', name: 'limone' },
        { quantity: '2', name: 'zucchine medie' },
        { quantity: '1 spicchio', name: 'aglio' },
        { quantity: '2 cucchiai', name: 'olio EVO' },
        { quantity: 'q.b.', name: 'sale, pepe, prezzemolo' },
      ],
      steps: [
        'Taglia le zucchine a rondelle e cuocile in padella con un cucchiaio di olio e l\'aglio per 8-10 minuti, con un pizzico di sale e prezzemolo alla fine.',
        'Intanto infarina leggermente le fettine di pollo scuotendo via l\'eccesso.',
        'In un\'altra padella scalda l\'olio rimasto e rosola le fettine 2 minuti per lato a fuoco vivace.',
        'Aggiungi il succo del limone e 2-3 cucchiai di acqua, abbassa il fuoco e lascia addensare la salsa per un minuto. Servi il pollo con la sua salsa e le zucchine.',
      ],
      tip: 'Per un pasto completo aggiungi 60-80 g di pane integrale o di riso basmati a persona.',
    },
    {
      title: 'Straccetti di tacchino con rucola, pomodorini e grana',
      category: 'Cena',
      servings: 2,
      minutes: 15,
      kcal: 295,
      proteinG: 39,
      ingredients: [
        { quantity: '300 g', name: 'fesa di tacchino a straccetti' },
        { quantity: '60 g', name: 'rucola' },
        { quantity: '150 g', name: 'pomodorini' },
        { quantity: '20 g', name: 'grana padano a scaglie' },
        { quantity: '1 cucchiaio', name: 'aceto balsamico' },
        { quantity: '1 cucchiaio e mezzo', name: 'olio EVO' },
        { quantity: '1 rametto', name: 'rosmarino' },
        { quantity: 'q.b.', name: 'sale e pepe' },
      ],
      steps: [
        'Scalda in padella mezzo cucchiaio di olio con il rosmarino.',
        'Aggiungi gli straccetti e cuocili a fuoco vivace 4-5 minuti, girandoli spesso, finché non sono più rosa all\'interno. Sala e pepa alla fine.',
        'Prepara nei piatti un letto di rucola con i pomodorini tagliati a metà.',
        'Adagia sopra il tacchino caldo, condisci con l\'olio rimasto e l\'aceto balsamico e completa con le scaglie di grana.',
      ],
    },
    {
      title: 'Salmone in padella con insalata di finocchi e arance',
      category: 'Cena',
      servings: 2,
      minutes: 15,
      kcal: 370,
      proteinG: 26,
      ingredients: [
        { quantity: '250 g', name: 'filetto di salmone (2 tranci)' },
        { quantity: '1', name: 'finocchio grande' },
        { quantity: '1', name: 'arancia' },
        { quantity: '20 g', name: 'olive taggiasche denocciolate' },
        { quantity: '1 cucchiaio', name: 'olio EVO' },
        { quantity: 'q.b.', name: 'sale, pepe, finocchietto o aneto' },
      ],
      steps: [
        'Affetta sottilmente il finocchio, pela l\'arancia a vivo e tagliala a spicchi, raccogliendo il succo.',
        'Condisci finocchio, arancia e olive con metà dell\'olio, il succo raccolto, sale e pepe.',
        'Scalda una padella antiaderente con l\'olio rimasto e cuoci il salmone dal lato della pelle 4 minuti, poi giralo e cuoci altri 2-3 minuti.',
        'Servi il salmone sull\'insalata, con un po\' di finocchietto fresco.',
      ],
      tip: 'Il salmone è pronto quando il centro è appena rosato: si sfalda con la forchetta ma resta succoso.',
    },
    {
      title: 'Merluzzo all\'acqua pazza',
      category: 'Cena',
      servings: 2,
      minutes: 20,
      kcal: 335,
      proteinG: 31,
      ingredients: [
        { quantity: '300 g', name: 'filetti di merluzzo (anche surgelati, scongelati)' },
        { quantity: '250 g', name: 'pomodorini' },
        { quantity: '1 spicchio', name: 'aglio' },
        { quantity: '100 ml', name: 'acqua' },
        { quantity: '1 cucchiaio e mezzo', name: 'olio EVO' },
        { quantity: '100 g', name: 'pane integrale' },
        { quantity: 'q.b.', name: 'sale, peperoncino, prezzemolo' },
      ],
      steps: [
        'In una padella larga scalda l\'olio con l\'aglio schiacciato e un pizzico di peperoncino.',
        'Aggiungi i pomodorini tagliati a metà e cuoci 3 minuti, poi versa l\'acqua e porta a bollore.',
        'Adagia i filetti di merluzzo nel sugo, sala, copri con un coperchio e cuoci a fuoco medio-basso 6-8 minuti, senza girarli.',
        'Completa con prezzemolo tritato e servi con il pane integrale tostato per raccogliere il brodetto.',
      ],
    },
    {
      title: 'Uova in purgatorio',
      category: 'Cena',
      servings: 2,
      minutes: 20,
      kcal: 360,
      proteinG: 21,
      ingredients: [
        { quantity: '4', name: 'uova medie' },
        { quantity: '300 g', name: 'passata di pomodoro' },
        { quantity: '1 spicchio', name: 'aglio' },
        { quantity: '1 cucchiaio', name: 'olio EVO' },
        { quantity: '10 g', name: 'parmigiano reggiano grattugiato' },
        { quantity: '100 g', name: 'pane integrale' },
        { quantity: 'q.b.', name: 'sale, basilico, peperoncino' },
      ],
      steps: [
        'Scalda l\'olio con l\'aglio in una padella, aggiungi la passata, un pizzico di sale e peperoncino e cuoci 8 minuti a fuoco medio.',
        'Con un cucchiaio forma quattro incavi nel sugo e rompi un uovo in ciascuno.',
        'Copri e cuoci a fuoco basso 5-6 minuti, finché l\'albume è bianco e il tuorlo ancora morbido.',
        'Completa con parmigiano e basilico fresco e servi con il pane integrale tostato.',
      ],
      tip: 'Per più proteine aggiungi due albumi al sugo prima delle uova intere, mescolandoli delicatamente.',
    },
  ],
};
