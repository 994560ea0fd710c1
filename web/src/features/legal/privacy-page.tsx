import { Alert, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { countOf } from '@sfida/core/plural';
import { privacyTexts } from '@sfida/core/privacy-texts';
import {
  ACCOUNT_RETENTION_MONTHS,
  BACKUP_DAYS,
  DEVICE_TOKEN_RETENTION_DAYS,
  PROGRAMME_MAINTENANCE_MONTHS,
  RETENTION_NOTICE_MONTHS,
  VOICE_NOTE_RETENTION_DAYS,
} from '@sfida/core/retention';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Bullets, LegalPage, Section } from './legal-page';

/** The profile's "Privacy e dati" section, where a signed-in person exercises their rights. */
export const PRIVACY_SETTINGS_PATH = '/profilo#privacy-e-dati';

const months = (count: number) => countOf(count, 'mese', 'mesi');
const days = (count: number) => countOf(count, 'giorno', 'giorni');

/** Where a deleted account lands (the profile sends it here): the goodbye, then what happens next. */
function AccountDeletedNotice() {
  const { state } = useLocation() as { state: { accountDeleted?: boolean } | null };
  if (state?.accountDeleted !== true) return null;
  return (
    <Alert.Root status="success" role="status" variant="subtle" rounded="lg">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title fontWeight="600">{privacyTexts.accountDeleted}</Alert.Title>
        <Alert.Description>
          Entro un’ora cancelliamo anche il resto dei tuoi dati; le copie nei backup scadono entro {days(BACKUP_DAYS)}.
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

export default function PrivacyPage() {
  useDocumentTitle('Informativa sulla privacy');
  return (
    <LegalPage updated="dicembre 2026" title="Informativa sulla privacy">
      <AccountDeletedNotice />
      <Text>
        Questa informativa, resa ai sensi degli articoli 13 e 14 del Regolamento (UE) 2016/679 (“GDPR”), spiega quali dati
        personali tratta l’applicazione “Sfida 8 settimane”, dove li conserva, per quali scopi e quali sono i tuoi diritti.
      </Text>

      <Section title="1. Titolare del trattamento">
        <Text>
          Il titolare del trattamento è l’organizzatore del percorso “Sfida 8 settimane”. Per qualsiasi richiesta sulla privacy
          puoi scrivere a{' '}
          <Link href="mailto:privacy@sfida8settimane.it" color="brand.fg" textDecoration="underline">
            privacy@sfida8settimane.it
          </Link>{' '}
          o rivolgerti al tuo coach.
        </Text>
      </Section>

      <Section title="2. Dati conservati sul server">
        <Text>Sui nostri server conserviamo solo quanto serve a far funzionare il percorso:</Text>
        <Bullets
          items={[
            'Account: nome, indirizzo email, password se la usi (solo in forma cifrata con un algoritmo di hashing, mai in chiaro), ruolo, data di registrazione e gruppo di appartenenza.',
            'Se accedi o ti registri con Google: da Google riceviamo solo il tuo nome e il tuo indirizzo email (con la conferma che Google l’ha verificato), insieme al codice con cui Google identifica il tuo account, che serve a riconoscerti al prossimo accesso. Nient’altro: non riceviamo la password di Google, i contatti, i file né altri dati del tuo account Google, e non pubblichiamo nulla a tuo nome.',
            'Risposte all’onboarding: da quanto tempo ti alleni, dove ti alleni, il tuo livello e la scheda di allenamento assegnata di conseguenza.',
            'La data di inizio della challenge che scegli.',
            'I dati del tracker sincronizzati dal tuo dispositivo: abitudini e giorni completati, azioni del planner settimanale, check-in settimanali (umore e riflessione), punti e badge.',
            'I progressi calcolati a partire da questi dati (ad esempio punti e costanza della settimana) e la tua posizione nella classifica del gruppo.',
            'Le risposte del coach ai tuoi check-in, la tua eventuale risposta, quando le hai lette, e i messaggi che i coach mandano al gruppo o a una parte di esso.',
            'Le note vocali che registri con un check-in o scrivendo al tuo coach, e quelle che i coach registrano per te: il file audio, la sua durata, chi l’ha registrata e quando.',
            'Se attivi le notifiche: per ogni dispositivo, l’indirizzo che il servizio di notifiche del browser (Google, Mozilla, Apple o Microsoft) assegna a quel dispositivo e le chiavi per cifrare i messaggi, finché non le disattivi o esci; le tue preferenze (quali promemoria, a che ora, le ore di silenzio). I messaggi passano cifrati dal servizio di notifiche del browser, che non può leggerne il contenuto.',
            'Un cookie tecnico di sessione (“__session”), necessario per mantenerti connesso: non è leggibile dagli script della pagina e non viene usato per profilazione.',
            `Per ogni browser da cui accedi, l’impronta (hash) di un codice casuale del dispositivo, mai il codice in chiaro, per ${days(DEVICE_TOKEN_RETENTION_DAYS)} dall’ultimo accesso: serve a riconoscere un browser già usato, così i tentativi di accesso sbagliati fatti da altri non ti bloccano.`,
          ]}
        />
      </Section>

      <Section title="3. Dati che restano nel tuo browser">
        <Text>
          Il tracker (abitudini, planner, check-in, punti) viene salvato anche nella memoria locale del browser (“local
          storage”), separatamente per ogni account, così l’App funziona anche senza connessione e si sincronizza appena torni
          online. L’ultima copia ricevuta dal server resta anche nella cache del browser, così non viene scaricata di nuovo a
          ogni apertura. Dopo ogni accesso la memoria locale conserva anche un codice casuale del dispositivo, uno per account,
          che resta quando esci: al prossimo accesso dimostra che arrivi da un browser già usato. Finché sei connesso il browser
          ricorda anche il tuo profilo (nome, email, gruppo, data di inizio), così l’App si apre anche senza rete; lo cancella
          quando esci. Se accedi con Google, il browser non conserva alcun token di Google o di Firebase: la prova
          dell’accesso viene mandata una volta sola al nostro server, che ti connette con il suo cookie di sessione, e poi
          viene cancellata dal browser. I file dell’App (pagine, script, icone) restano nella cache del browser per funzionare offline: non
          contengono dati personali. Questi dati restano sul tuo
          dispositivo finché non li cancelli dalle impostazioni del browser. Non usiamo cookie di profilazione né strumenti di
          analisi o pubblicità di terze parti.
        </Text>
      </Section>

      <Section title="4. Finalità e basi giuridiche">
        <Bullets
          items={[
            'Fornirti il servizio (account, scheda di allenamento, tracker, classifica): esecuzione del contratto, art. 6, par. 1, lett. b) GDPR.',
            'Permettere al coach di seguire i progressi del gruppo: esecuzione del contratto e legittimo interesse a erogare il percorso di gruppo.',
            'Sicurezza dell’App e prevenzione degli abusi (ad esempio i limiti ai tentativi di accesso): legittimo interesse, art. 6, par. 1, lett. f).',
          ]}
        />
        <Text>
          Le riflessioni dei check-in sono testo libero: ti chiediamo di non inserire informazioni sulla tua salute o altri dati
          particolari. Se decidi di farlo, il trattamento si basa sul tuo consenso esplicito (art. 9, par. 2, lett. a), che puoi
          revocare cancellando il contenuto o chiedendone la rimozione.
        </Text>
      </Section>

      <Section title="5. Chi vede i tuoi dati">
        <Text>
          I coach del tuo gruppo vedono il tuo nome, la tua email e tutto ciò che registri nel percorso: abitudini e giorni
          segnati, planner, punti, badge e i check-in settimanali, compresi l’umore e il testo completo delle riflessioni.
          Li usano per capire chi ha bisogno di loro e per risponderti nell’App, e possono esportare questi dati del gruppo in un file. Quando un coach ti risponde, gli altri coach del gruppo vedono la risposta e se l’hai letta. Le note vocali le ascoltate solo tu e i coach del tuo gruppo: non sono mai pubbliche e il browser non le conserva in cache.
          Gli altri partecipanti del tuo gruppo vedono in classifica solo il tuo nome, l’iniziale del tuo cognome e i tuoi punti; le riflessioni dei
          check-in non sono mai mostrate agli altri partecipanti. I dati sono ospitati su Google
          Firebase (Google Cloud), nominato responsabile del trattamento, in data center dell’Unione europea; eventuali
          trasferimenti extra UE avvengono sulla base delle clausole contrattuali standard della Commissione europea.
        </Text>
      </Section>

      <Section title="6. Per quanto tempo">
        <Text>
          Conserviamo i dati per la durata del tuo percorso, cioè delle tue otto settimane e dei {months(PROGRAMME_MAINTENANCE_MONTHS)} della
          fase di mantenimento, contati dal giorno in cui hai iniziato tu (con una nuova stagione, dalla fine di questa), e poi
          per altri {months(ACCOUNT_RETENTION_MONTHS)}, per permetterti di consultare i risultati; se non inizi mai il percorso, per{' '}
          {months(ACCOUNT_RETENTION_MONTHS)} dalla registrazione. Poi eliminiamo l’account e tutti i suoi dati, come se lo eliminassi
          tu. Te lo diciamo {months(RETENTION_NOTICE_MONTHS)} prima; una nuova stagione sposta la data.
        </Text>
        <Text>
          Le note vocali durano meno: le cancelliamo automaticamente {days(VOICE_NOTE_RETENTION_DAYS)} dopo la fine del tuo percorso; una
          nota registrata dopo resta comunque {days(VOICE_NOTE_RETENTION_DAYS)} da quando è stata registrata, e così una registrata prima
          che tu inizi, se non inizi entro quei {days(VOICE_NOTE_RETENTION_DAYS)}. Quelle che i coach registrano per te seguono le tue. Se
          il tuo account viene chiuso, le cancelliamo subito. Puoi chiedere la cancellazione anticipata in qualsiasi momento.
        </Text>
        <Text>
          Copie dei dati possono restare nei backup del database per al massimo {days(BACKUP_DAYS)}, poi i backup scadono. Di un account
          eliminato conserviamo solo un registro: un’impronta cifrata (hash con chiave segreta) del codice dell’account e la data,
          né nome né email, per poterlo cancellare di nuovo se dovessimo ripristinare un backup.
        </Text>
      </Section>

      <Section title="7. I tuoi diritti">
        <Text>
          Puoi chiedere l’accesso ai tuoi dati, la rettifica, la cancellazione, la limitazione del trattamento, la portabilità
          e opporti al trattamento basato sul legittimo interesse (articoli 15–22 GDPR). Puoi modificare il tuo nome
          direttamente dal profilo, e da lì, in{' '}
          <Link asChild color="brand.fg" textDecoration="underline">
            <RouterLink to={PRIVACY_SETTINGS_PATH}>Profilo → Privacy e dati</RouterLink>
          </Link>
          , scaricare una copia di tutti i tuoi dati o eliminare il tuo account, da solo, gratis e senza documenti. Per una
          richiesta via email ti rispondiamo entro un mese. Hai inoltre il diritto di proporre reclamo al Garante per la protezione dei dati personali
          (www.garanteprivacy.it).
        </Text>
      </Section>
    </LegalPage>
  );
}
