import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { MediaItem } from '@/domain/schemas/media';
import { itemPosition } from './media-thumbnail';

/** How far an arrow key moves the point: a twentieth of the image (Shift: a fifth). */
const STEP = 0.05;

const clamp = (value: number) => Math.min(1, Math.max(0, Math.round(value * 1000) / 1000));

/**
 * 'Punto focal' (docs/decisions/222): a click on the image, or the arrow keys
 * once it has focus, sets the point every crop keeps in view; Enter or a
 * click saves it. Two crops beside it show what a card and a banner keep.
 */
export function FocalPointEditor({
  item,
  saving,
  onChange,
}: {
  item: MediaItem;
  saving: boolean;
  onChange: (focal: { focal_x: number; focal_y: number }) => void;
}) {
  const [point, setPoint] = useState({ focal_x: item.focal_x, focal_y: item.focal_y });
  const changed = point.focal_x !== item.focal_x || point.focal_y !== item.focal_y;

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const next = { focal_x: clamp((event.clientX - box.left) / box.width), focal_y: clamp((event.clientY - box.top) / box.height) };
    setPoint(next);
    onChange(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? STEP * 4 : STEP;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    if (event.key === 'Enter') {
      event.preventDefault();
      if (changed) onChange(point);
      return;
    }
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    setPoint((current) => ({ focal_x: clamp(current.focal_x + move[0]), focal_y: clamp(current.focal_y + move[1]) }));
  };

  const percent = (value: number) => `${Math.round(value * 100)} %`;
  return (
    <div>
      <h2>Punto focal</h2>
      <p className="kit-muted" id={`focal-help-${item.id}`}>
        Haga clic en lo que deba verse siempre cuando la imagen se recorta, o use las flechas y pulse Intro para guardarlo.
      </p>
      <div
        className="media-focal"
        role="slider"
        tabIndex={0}
        aria-label="Punto focal"
        aria-describedby={`focal-help-${item.id}`}
        aria-valuetext={`${percent(point.focal_x)} desde la izquierda, ${percent(point.focal_y)} desde arriba`}
        aria-valuenow={Math.round(point.focal_x * 100)}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-busy={saving}
        onClick={onClick}
        onKeyDown={onKeyDown}
      >
        <img src={item.url} alt={item.alt} />
        <span className="media-focal-marker" style={{ left: `${point.focal_x * 100}%`, top: `${point.focal_y * 100}%` }} />
      </div>
      <p aria-live="polite">
        {changed
          ? 'Sin guardar: pulse Intro para guardarlo.'
          : `Punto focal: ${percent(point.focal_x)} desde la izquierda, ${percent(point.focal_y)} desde arriba.`}
      </p>
      <div className="media-crops" aria-hidden="true">
        <img className="media-crop" src={item.url} alt="" style={{ objectPosition: itemPosition(point) }} />
        <img className="media-crop media-crop-wide" src={item.url} alt="" style={{ objectPosition: itemPosition(point) }} />
      </div>
    </div>
  );
}
