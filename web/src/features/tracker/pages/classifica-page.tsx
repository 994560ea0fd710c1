// Placeholder until the tracker screens land (issue: tracker).
export default function ClassificaPage() {
  return null;
}
