import type { ReactNode } from 'react';
import { messages } from '@/domain/messages';

/** The form's submit: reads 'Guardando...' and is disabled while saving (requirements §4). */
export function SubmitButton({ saving, children }: { saving: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="kit-button kit-button-primary" disabled={saving} aria-busy={saving || undefined}>
      {saving ? messages.saving : children}
    </button>
  );
}
