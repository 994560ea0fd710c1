import { useRef, useState, type FormEvent } from 'react';
import { Box, Button, Field, Flex, Heading, IconButton, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import {
  MAX_RESOURCE_FILE_BYTES,
  MAX_RESOURCES_PER_SECTION,
  RESOURCE_SECTIONS,
  RESOURCE_SECTION_TITLES,
  isHttpsUrl,
  resourceMessages,
  type ResourceItem,
  type ResourceSection,
} from '@sfida/core/resources';
import { fileSizeText } from '@sfida/core/file-size';
import { accessLabels, type Access } from '@sfida/core/packages';
import { FormError } from '../../../components/form-error';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notices';
import { useCohortResources } from '../../../lib/resources';
import { useAddResourceLink, useRemoveResource, useReorderResources, useUpdateResource, useUploadResource } from '../api/resources';
import { AccessSelect } from '../../../coach-shared/components/access-select';
import { ConfirmInline } from '../../../coach-shared/components/confirm-inline';

type Kind = 'file' | 'link';

/** An item's title and one-line description, as the add and the change forms ask for them. */
function ResourceTextFields(props: { title: string; onTitle: (value: string) => void; description: string; onDescription: (value: string) => void }) {
  return (
    <>
      <Field.Root required>
        <Field.Label>Titolo</Field.Label>
        <Input size="sm" value={props.title} maxLength={100} onChange={(e) => props.onTitle(e.target.value)} />
      </Field.Root>
      <Field.Root>
        <Field.Label>Descrizione (facoltativa, una riga)</Field.Label>
        <Input size="sm" value={props.description} maxLength={160} onChange={(e) => props.onDescription(e.target.value)} />
      </Field.Root>
    </>
  );
}

/** The form that adds a PDF or a link to a section; the server checks everything again. */
function AddResourceForm({ cohortId }: { cohortId: string }) {
  const [section, setSection] = useState<ResourceSection>('guide');
  const [kind, setKind] = useState<Kind>('file');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [url, setUrl] = useState('');
  const [access, setAccess] = useState<Access>('BASE');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useUploadResource(cohortId);
  const addLink = useAddResourceLink(cohortId);
  const pending = upload.isPending || addLink.isPending;

  function reset() {
    setTitle('');
    setDescription('');
    setUrl('');
    setFile(null);
    if (fileInput.current) fileInput.current.value = '';
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (title.trim() === '') return setError(resourceMessages.titleRequired);
    if (kind === 'file' && !file) return setError('Scegli il file PDF da caricare');
    if (kind === 'file' && file && file.size > MAX_RESOURCE_FILE_BYTES) return setError(resourceMessages.tooLarge);
    if (kind === 'link' && !isHttpsUrl(url.trim())) return setError(resourceMessages.invalidLink);
    setError(null);
    try {
      const details = { section, title, description: description.trim() === '' ? undefined : description, access };
      if (kind === 'file') await upload.mutateAsync({ input: details, file: file! });
      else await addLink.mutateAsync({ ...details, url: url.trim() });
      notify({ type: 'success', title: `Risorsa aggiunta a ${RESOURCE_SECTION_TITLES[section]}` });
      reset();
    } catch (caught) {
      setError(errorMessage(caught, 'Non è stato possibile aggiungere la risorsa'));
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Aggiungi una risorsa">
      <Stack gap="3" borderTopWidth="1px" pt="4">
        <Heading as="h3" size="sm">
          Aggiungi una risorsa
        </Heading>
        <Flex gap="3" wrap="wrap">
          <Field.Root flex="1" minW="40">
            <Field.Label>Sezione</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field value={section} onChange={(e) => setSection(e.target.value as ResourceSection)}>
                {RESOURCE_SECTIONS.map((name) => (
                  <option key={name} value={name}>
                    {RESOURCE_SECTION_TITLES[name]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root flex="1" minW="40">
            <Field.Label>Tipo</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
                <option value="file">File PDF</option>
                <option value="link">Link</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        </Flex>
        <ResourceTextFields title={title} onTitle={setTitle} description={description} onDescription={setDescription} />
        <AccessSelect label="Chi può aprirla" value={access} onChange={setAccess} helper="Gli altri la vedono nell’elenco, con il pacchetto che serve." />
        {kind === 'file' ? (
          <Field.Root key="file" required>
            <Field.Label>File PDF (al massimo 20 MB)</Field.Label>
            <Input
              ref={fileInput}
              size="sm"
              type="file"
              accept="application/pdf,.pdf"
              p="1"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
            {file ? <Field.HelperText>{`${file.name} · ${fileSizeText(file.size)}`}</Field.HelperText> : null}
          </Field.Root>
        ) : (
          <Field.Root key="link" required>
            <Field.Label>Indirizzo (https://…)</Field.Label>
            <Input size="sm" type="url" inputMode="url" value={url} placeholder="https://" onChange={(e) => setUrl(e.target.value)} />
          </Field.Root>
        )}
        <FormError message={error} />
        <Button type="submit" size="sm" alignSelf="flex-start" loading={pending} loadingText={kind === 'file' ? 'Caricamento del file...' : 'Salvataggio...'}>
          {kind === 'file' ? 'Carica il PDF' : 'Aggiungi il link'}
        </Button>
      </Stack>
    </form>
  );
}

/** An item's title, description and who may open it, changed in place; the file or address stays. */
function EditResourceForm({ cohortId, item, onDone }: { cohortId: string; item: ResourceItem; onDone: () => void }) {
  const [title, setTitle] = useState(item.title);
  const [description, setDescription] = useState(item.description ?? '');
  const [access, setAccess] = useState<Access>(item.access);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateResource(cohortId);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (title.trim() === '') return setError(resourceMessages.titleRequired);
    setError(null);
    try {
      await update.mutateAsync({ id: item.id, change: { title, description, access } });
      notify({ type: 'success', title: `Risorsa aggiornata: ${title.trim()}` });
      onDone();
    } catch (caught) {
      setError(errorMessage(caught, 'Non è stato possibile salvare la risorsa'));
    }
  }

  return (
    <Box asChild w="full">
      <form onSubmit={submit} noValidate aria-label={`Modifica: ${item.title}`}>
        <Stack gap="3" pt="2">
          <ResourceTextFields title={title} onTitle={setTitle} description={description} onDescription={setDescription} />
          <AccessSelect label="Chi può aprirla" value={access} onChange={setAccess} helper="Vale da subito: chi non ha il pacchetto non può più aprirla." />
          <FormError message={error} />
          <Flex gap="2" wrap="wrap">
            <Button type="submit" size="sm" loading={update.isPending} loadingText="Salvataggio...">
              Salva
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={onDone}>
              Annulla
            </Button>
          </Flex>
        </Stack>
      </form>
    </Box>
  );
}

/** One section's items, in order, with buttons to move, change and remove each. */
function SectionItems({ cohortId, section, items }: { cohortId: string; section: ResourceSection; items: ResourceItem[] }) {
  const reorder = useReorderResources(cohortId);
  const remove = useRemoveResource(cohortId);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const title = RESOURCE_SECTION_TITLES[section];

  async function move(index: number, by: -1 | 1) {
    const ids = items.map((item) => item.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    setError(null);
    try {
      await reorder.mutateAsync({ section, ids });
    } catch (caught) {
      setError(errorMessage(caught, 'Non è stato possibile cambiare l’ordine'));
    }
  }

  return (
    <Stack gap="2">
      <Heading as="h3" size="sm">
        {`${title} (${items.length} di ${MAX_RESOURCES_PER_SECTION})`}
      </Heading>
      {items.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          Nessuna risorsa: i partecipanti vedono «In arrivo».
        </Text>
      ) : (
        <Stack as="ul" gap="2" m="0" p="0" aria-label={title}>
          {items.map((item, index) => (
            <Flex as="li" key={item.id} listStyleType="none" gap="2" align="flex-start" wrap="wrap" borderWidth="1px" rounded="md" p="2">
              <Box flex="1" minW="40">
                <Text fontWeight="600" wordBreak="break-word">
                  {item.title}
                </Text>
                <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
                  {item.kind === 'file' ? `PDF · ${fileSizeText(item.bytes ?? 0)}` : item.url}
                </Text>
                {item.access !== 'BASE' ? <Text fontSize="sm">{accessLabels[item.access]}</Text> : null}
                {item.description ? <Text fontSize="sm">{item.description}</Text> : null}
              </Box>
              <Flex gap="1" align="flex-start">
                <IconButton size="sm" variant="outline" aria-label={`Sposta su: ${item.title}`} disabled={index === 0 || reorder.isPending} onClick={() => void move(index, -1)}>
                  <span aria-hidden="true">↑</span>
                </IconButton>
                <IconButton
                  size="sm"
                  variant="outline"
                  aria-label={`Sposta giù: ${item.title}`}
                  disabled={index === items.length - 1 || reorder.isPending}
                  onClick={() => void move(index, 1)}
                >
                  <span aria-hidden="true">↓</span>
                </IconButton>
                <Button size="sm" variant="outline" aria-label={`Modifica: ${item.title}`} aria-expanded={editing === item.id} onClick={() => setEditing(editing === item.id ? null : item.id)}>
                  Modifica
                </Button>
                <ConfirmInline
                  label="Rimuovi"
                  accessibleLabel={`Rimuovi: ${item.title}`}
                  question={`Rimuovere «${item.title}»? I partecipanti non la vedranno più.`}
                  confirmLabel="Rimuovi"
                  colorPalette="red"
                  pending={remove.isPending}
                  onConfirm={() =>
                    remove.mutateAsync(item.id).catch((caught: unknown) => {
                      setError(errorMessage(caught, 'Non è stato possibile rimuovere la risorsa'));
                      throw caught;
                    })
                  }
                />
              </Flex>
              {editing === item.id ? <EditResourceForm cohortId={cohortId} item={item} onDone={() => setEditing(null)} /> : null}
            </Flex>
          ))}
        </Stack>
      )}
      <FormError message={error} />
    </Stack>
  );
}

/** The coach console's "Risorse": what the cohort's participants find under Guide Pratiche and Strumenti. */
export function ResourcesEditor({ cohortId, readOnly = false }: { cohortId: string; readOnly?: boolean }) {
  const query = useCohortResources(cohortId);
  if (query.isPending) {
    return (
      <Text role="status" color="fg.muted">
        Caricamento...
      </Text>
    );
  }
  if (query.isError) return <FormError message={errorMessage(query.error, 'Impossibile caricare le risorse')} />;
  return (
    <Stack gap="5">
      {RESOURCE_SECTIONS.map((section) =>
        readOnly ? (
          <Stack key={section} gap="1">
            <Heading as="h3" size="sm">
              {RESOURCE_SECTION_TITLES[section]}
            </Heading>
            {query.data[section].length === 0 ? (
              <Text fontSize="sm" color="fg.muted">
                Nessuna risorsa.
              </Text>
            ) : (
              query.data[section].map((item) => <Text key={item.id}>{item.title}</Text>)
            )}
          </Stack>
        ) : (
          <SectionItems key={section} cohortId={cohortId} section={section} items={query.data[section]} />
        ),
      )}
      {readOnly ? null : <AddResourceForm cohortId={cohortId} />}
    </Stack>
  );
}
