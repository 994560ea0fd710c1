import { useId, useState, type ReactNode } from 'react';
import { Button, chakra, Field, Flex, Heading, Stack, Text, Textarea } from '@chakra-ui/react';
import { packageLabels } from '@sfida/core/packages';
import { MAX_IMPORT_CHARS, type PackageImportReport } from '@sfida/core/package-changes';
import { countOf } from '@sfida/core/plural';
import { FormError } from '../../../components/form-error';
import { NativeCheckbox } from '../../../components/native-checkbox';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { useImportPackages } from '../api/packages';

/** One list of the report, under its heading with its count; nothing when empty. */
function ReportList({ title, items }: { title: string; items: ReactNode[] }) {
  if (items.length === 0) return null;
  return (
    <Stack gap="1">
      <Heading as="h3" fontSize="sm">
        {title} ({items.length})
      </Heading>
      <Stack as="ul" gap="0.5" ps="4" m="0" fontSize="sm" maxH="12rem" overflowY="auto" tabIndex={0} aria-label={title}>
        {items.map((item, i) => (
          <li key={i}>{item}</li>
        ))}
      </Stack>
    </Stack>
  );
}

/** What the dry run found: who changes, who is not registered yet, downgrades, and what could not be read. */
export function ImportReport({ report }: { report: PackageImportReport }) {
  const arrow = (from: keyof typeof packageLabels | null, to: keyof typeof packageLabels) => `${from ? packageLabels[from] : 'nessuno'} → ${packageLabels[to]}`;
  return (
    <Stack gap="3">
      <Text fontSize="sm" role="status">
        {countOf(report.rows, 'riga letta', 'righe lette')}: {countOf(report.matched.length, 'partecipante da aggiornare', 'partecipanti da aggiornare')},{' '}
        {countOf(report.notRegistered.length, 'acquirente ancora senza account', 'acquirenti ancora senza account')}, {report.unchanged} già a posto.
      </Text>
      <ReportList title="Da aggiornare" items={report.matched.map((m) => `${m.name || m.email} (${m.email}): ${arrow(m.from, m.to)}`)} />
      <ReportList title="Ancora senza account" items={report.notRegistered.map((n) => `${n.email}: ${arrow(n.from, n.to)}, quando si iscrive con l’email verificata`)} />
      <ReportList title="Declassamenti" items={report.downgrades.map((d) => `${d.email}: ${arrow(d.from, d.to)}`)} />
      <ReportList title="Pacchetti sconosciuti" items={report.unknownPackages.map((u) => `Riga ${u.line}: ${u.email}, «${u.value}»`)} />
      <ReportList title="Righe non valide" items={report.badRows.map((b) => `Riga ${b.line}: ${b.reason} («${b.text}»)`)} />
    </Stack>
  );
}

/**
 * "Importa acquisti (CSV)": the shop's file of `email;pacchetto`, checked first by a dry run that
 * changes nothing, then applied; downgrades need their own checkbox.
 */
export function PackageImport({ cohortId }: { cohortId: string }) {
  const [open, setOpen] = useState(false);
  const [csv, setCsv] = useState('');
  const [report, setReport] = useState<PackageImportReport | null>(null);
  const [confirmDowngrades, setConfirmDowngrades] = useState(false);
  const importing = useImportPackages(cohortId);
  const fileId = useId();
  const panelId = useId();
  const titleId = useId();

  function reset() {
    setCsv('');
    setReport(null);
    setConfirmDowngrades(false);
    importing.reset();
  }
  function changeText(text: string) {
    setCsv(text);
    setReport(null);
    setConfirmDowngrades(false);
  }
  function readFile(file: File | undefined) {
    if (!file) return;
    // FileReader rather than file.text(): the same in every browser the app supports.
    const reader = new FileReader();
    reader.onload = () => changeText(typeof reader.result === 'string' ? reader.result : '');
    reader.readAsText(file, 'utf-8');
  }
  async function check() {
    try {
      setReport(await importing.mutateAsync({ csv, dryRun: true }));
    } catch {
      // Shown in the panel.
    }
  }
  async function apply() {
    try {
      const applied = await importing.mutateAsync({ csv, dryRun: false, confirmDowngrades });
      notify({
        type: 'success',
        title: 'Acquisti importati',
        description: `${countOf(applied.matched.length, 'partecipante aggiornato', 'partecipanti aggiornati')}, ${countOf(applied.notRegistered.length, 'acquirente in attesa', 'acquirenti in attesa')} di iscrizione.`,
      });
      setOpen(false);
      reset();
    } catch {
      // Shown in the panel.
    }
  }
  const changes = report ? report.matched.length + report.notRegistered.length : 0;
  const needsConfirmation = (report?.downgrades.length ?? 0) > 0;

  // Inline, not a modal dialog: the console opens no other, and a dialog's machinery (focus trap,
  // scroll lock) would ride in the code every page loads.
  return (
    <Stack gap="3" width="full">
      <Button
        size="sm"
        variant="outline"
        alignSelf="flex-start"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          if (open) reset();
          setOpen(!open);
        }}
      >
        Importa acquisti (CSV)
      </Button>
      {open && (
        <Stack id={panelId} as="section" role="region" aria-labelledby={titleId} gap="4" layerStyle="card" p={{ base: '4', md: '5' }} maxW="36rem">
          <Heading as="h3" id={titleId} fontSize="md">
            Importa acquisti (CSV)
          </Heading>
          <Stack gap="4">
            <Text fontSize="sm" color="fg.muted">
              Un file con una riga per acquisto: email e pacchetto (Base, Guida o Premium), separati da «;» o «,». Prima controlliamo il file: nulla cambia finché non confermi.
            </Text>
            <Stack gap="1.5">
              <chakra.label htmlFor={fileId} fontSize="sm" fontWeight="medium">
                File CSV
              </chakra.label>
              <chakra.input id={fileId} type="file" accept=".csv,text/csv,text/plain" fontSize="sm" maxW="full" onChange={(e) => readFile(e.target.files?.[0])} />
            </Stack>
            <Field.Root>
              <Field.Label>Oppure incolla il contenuto</Field.Label>
              <Textarea rows={5} value={csv} maxLength={MAX_IMPORT_CHARS} placeholder="email;pacchetto" onChange={(e) => changeText(e.target.value)} fontFamily="mono" fontSize="sm" />
            </Field.Root>
            <FormError message={importing.error ? errorMessage(importing.error, 'Importazione non riuscita: riprova tra poco.') : null} />
            {report && <ImportReport report={report} />}
            {report && needsConfirmation && (
              <Flex as="label" gap="3" align="flex-start" cursor="pointer">
                <NativeCheckbox type="checkbox" mt="0.5" checked={confirmDowngrades} onChange={(e) => setConfirmDowngrades(e.target.checked)} />
                <Text as="span" fontSize="sm">
                  Confermo i declassamenti elencati ({report.downgrades.length})
                </Text>
              </Flex>
            )}
          </Stack>
          <Flex direction={{ base: 'column', sm: 'row' }} gap="2" justify="flex-end">
            <Button
              variant="ghost"
              width={{ base: 'full', sm: 'auto' }}
              onClick={() => {
                reset();
                setOpen(false);
              }}
            >
              Annulla
            </Button>
            {report === null ? (
              <Button width={{ base: 'full', sm: 'auto' }} disabled={csv.trim() === ''} loading={importing.isPending} onClick={() => void check()}>
                Controlla il file
              </Button>
            ) : (
              <Button
                width={{ base: 'full', sm: 'auto' }}
                disabled={changes === 0 || (needsConfirmation && !confirmDowngrades)}
                loading={importing.isPending}
                onClick={() => void apply()}
              >
                {changes === 0 ? 'Niente da cambiare' : `Applica a ${countOf(changes, 'persona', 'persone')}`}
              </Button>
            )}
          </Flex>
        </Stack>
      )}
    </Stack>
  );
}
