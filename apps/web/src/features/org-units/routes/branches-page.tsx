import { OrgUnitsScreen } from '../components/org-units-screen';

export function BranchesPage() {
  return <OrgUnitsScreen kind="branches" />;
}
