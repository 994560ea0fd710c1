// Placeholder until the tracker screens land (issue: tracker).
export default function DashboardPage() {
  return null;
}
