import { Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Bullets, LegalPage, Section } from './legal-page';

export default function TermsPage() {
  useDocumentTitle('Termini e condizioni');
  return (
    <LegalPage updated="settembre 2025" title="Termini e condizioni d’uso">
      <Text>
        Questi termini regolano l’uso dell’applicazione web “Sfida 8 settimane” (di seguito “l’App”), lo strumento con cui i
        partecipanti seguono il percorso di trasformazione personale di otto settimane organizzato dal proprio coach. Creando
        un account accetti i presenti termini; se non li accetti, non utilizzare l’App.
      </Text>

      <Section title="1. Il servizio">
        <Text>
          L’App offre un planner settimanale, il tracciamento delle abitudini, i check-in settimanali, un sistema di punti e
          badge, la classifica del gruppo, la scheda di allenamento assegnata in base alle risposte all’onboarding, il
          calendario degli eventi e materiali scaricabili. Alcune funzioni potranno cambiare nel corso del tempo per migliorare
          il servizio.
        </Text>
      </Section>

      <Section title="2. Iscrizione e account">
        <Bullets
          items={[
            'La registrazione è riservata a chi ha ricevuto dal proprio coach il codice d’invito del gruppo.',
            'Devi fornire dati veritieri e avere almeno 18 anni.',
            'Sei responsabile della riservatezza della tua password e di tutte le attività svolte con il tuo account: se sospetti un uso non autorizzato, cambia la password e avvisa il tuo coach.',
            'L’account è personale e non può essere ceduto o condiviso.',
          ]}
        />
      </Section>

      <Section title="3. Natura del programma e salute">
        <Text>
          I contenuti dell’App e le schede di allenamento hanno finalità educative e motivazionali e non sostituiscono il
          parere di un medico, di un nutrizionista o di uno psicologo. Prima di iniziare un programma di attività fisica,
          soprattutto in presenza di patologie, gravidanza o dopo un lungo periodo di inattività, consulta il tuo medico.
          Interrompi l’allenamento e rivolgiti a un professionista se avverti dolore o malessere.
        </Text>
      </Section>

      <Section title="4. Eventi">
        <Text>
          La partecipazione agli eventi dal vivo indicati nel calendario è riservata a chi ha acquistato il pacchetto Guida o
          Premium. Date, orari e relatori possono subire variazioni, che saranno comunicate ai partecipanti.
        </Text>
      </Section>

      <Section title="5. Regole di comportamento">
        <Text>Usando l’App ti impegni a:</Text>
        <Bullets
          items={[
            'non inserire contenuti offensivi, illeciti o che violino i diritti di terzi;',
            'non tentare di accedere ad account o dati di altri partecipanti, né di aggirare le misure di sicurezza;',
            'non alterare il funzionamento dell’App o del sistema di punti e classifica.',
          ]}
        />
        <Text>In caso di violazione l’account può essere sospeso o chiuso.</Text>
      </Section>

      <Section title="6. Proprietà intellettuale">
        <Text>
          Testi, schede di allenamento, ricettario, grafica e software dell’App sono protetti dal diritto d’autore. Puoi usarli
          solo per la tua partecipazione personale al percorso; non è consentito copiarli, distribuirli o rivenderli.
        </Text>
      </Section>

      <Section title="7. Disponibilità e responsabilità">
        <Text>
          Ci impegniamo a mantenere l’App disponibile e funzionante, ma non possiamo garantire un servizio privo di
          interruzioni o errori. Nei limiti consentiti dalla legge, non rispondiamo di danni indiretti derivanti dall’uso
          dell’App. Restano salvi i diritti che la legge riconosce al consumatore.
        </Text>
      </Section>

      <Section title="8. Cancellazione dell’account">
        <Text>
          Puoi chiedere in qualsiasi momento la cancellazione del tuo account tramite il tuo coach. I dati saranno trattati come
          descritto nell’
          <Link asChild color="brand.fg" textDecoration="underline">
            <RouterLink to="/privacy">informativa sulla privacy</RouterLink>
          </Link>
          .
        </Text>
      </Section>

      <Section title="9. Modifiche ai termini">
        <Text>
          Potremo aggiornare questi termini; le modifiche rilevanti saranno comunicate nell’App o via email. La data
          dell’ultimo aggiornamento è indicata in cima alla pagina.
        </Text>
      </Section>

      <Section title="10. Legge applicabile">
        <Text>
          I presenti termini sono regolati dalla legge italiana. Per le controversie con i consumatori è competente il foro del
          luogo di residenza o domicilio del consumatore.
        </Text>
      </Section>
    </LegalPage>
  );
}
