import { STAFF_ROLES, staffTexts, teamTexts } from '@seguridad/contracts/messages';
import type { StaffRole } from '@seguridad/contracts/http/staff';
import { SelectField } from '../../../shared/ui/select-field';

/** Operador, Supervisor or Administrador. */
export function RoleSelect({
  value,
  onChange,
  error,
}: {
  value: StaffRole;
  onChange: (role: StaffRole) => void;
  error?: string | undefined;
}) {
  return (
    <SelectField
      label={teamTexts.role}
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value as StaffRole)}
    >
      {STAFF_ROLES.map((role) => (
        <option key={role} value={role}>
          {staffTexts.roles[role]}
        </option>
      ))}
    </SelectField>
  );
}
