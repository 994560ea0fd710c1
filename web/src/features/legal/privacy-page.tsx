import { Link, Text } from '@chakra-ui/react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Bullets, LegalPage, Section } from './legal-page';

export default function PrivacyPage() {
  useDocumentTitle('Informativa sulla privacy');
  return (
    <LegalPage title="Informativa sulla privacy">
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
            'Per ogni browser da cui accedi, l’impronta (hash) di un codice casuale del dispositivo, mai il codice in chiaro, per 180 giorni dall’ultimo accesso: serve a riconoscere un browser già usato, così i tentativi di accesso sbagliati fatti da altri non ti bloccano.',
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
          Conserviamo i dati per la durata del percorso e fino a 12 mesi dalla sua conclusione, per permetterti di consultare
          i risultati; poi li cancelliamo o li rendiamo anonimi. Le note vocali durano meno: le cancelliamo automaticamente
          90 giorni dopo la fine del tuo percorso, cioè delle tue otto settimane e dei 13 mesi della fase di mantenimento,
          contati dal giorno in cui hai iniziato tu (con una nuova stagione, dalla fine di questa); una nota registrata dopo
          resta comunque 90 giorni da quando è stata registrata, e così una registrata prima che tu inizi, se non inizi
          entro quei 90 giorni. Quelle che i coach registrano
          per te seguono le tue. Se il tuo account viene chiuso, le cancelliamo subito. Puoi chiedere la cancellazione
          anticipata in qualsiasi momento.
        </Text>
      </Section>

      <Section title="7. I tuoi diritti">
        <Text>
          Puoi chiedere l’accesso ai tuoi dati, la rettifica, la cancellazione, la limitazione del trattamento, la portabilità
          e opporti al trattamento basato sul legittimo interesse (articoli 15–22 GDPR). Puoi modificare il tuo nome
          direttamente dal profilo. Hai inoltre il diritto di proporre reclamo al Garante per la protezione dei dati personali
          (www.garanteprivacy.it).
        </Text>
      </Section>
    </LegalPage>
  );
}
