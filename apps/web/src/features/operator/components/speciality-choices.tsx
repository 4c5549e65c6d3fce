import { teamTexts } from '@seguridad/contracts/messages';
import type { Speciality } from '@seguridad/contracts/http/company';
import styles from './team.module.css';

type SpecialityChoicesProps = {
  specialities: Speciality[];
  chosen: number[];
  onChange: (chosen: number[]) => void;
};

/** The specialities a member serves, as checkboxes; none checked means every one. */
export function SpecialityChoices({ specialities, chosen, onChange }: SpecialityChoicesProps) {
  if (specialities.length === 0) return null;
  return (
    <fieldset className={styles.choices}>
      <legend className={styles.choicesLegend}>{teamTexts.specialities}</legend>
      <p className={styles.choicesHint}>{teamTexts.specialitiesHint}</p>
      <div className={styles.choiceList}>
        {specialities.map((speciality) => (
          <label key={speciality.id} className={styles.choice}>
            <input
              type="checkbox"
              checked={chosen.includes(speciality.id)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? [...chosen, speciality.id]
                    : chosen.filter((id) => id !== speciality.id),
                )
              }
            />
            {speciality.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** How a member's specialities read: their names, or «Todas» when the list is empty. */
export function specialityNames(specialities: Speciality[], ids: number[]): string {
  if (ids.length === 0) return teamTexts.allSpecialities;
  const names = specialities.filter((speciality) => ids.includes(speciality.id)).map((s) => s.name);
  return names.length > 0 ? names.join(', ') : teamTexts.allSpecialities;
}
