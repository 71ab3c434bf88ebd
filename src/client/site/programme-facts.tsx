import { admissionLine, admissionPeriodText, durationText, hasProgrammeFacts, MODALITY_LABELS, priceText } from '@/domain/site-settings';
import { usePageDay, useSiteSettings } from './site-settings';
import './programme-facts.css';

const PERIOD = 'Plazo de admisión';

/**
 * The programme's key facts on the home page ('Ajustes del sitio', docs/decisions/199):
 * a list of terms and values for what the settings say, the admission line while the
 * period is open or about to open ('Plazo abierto hasta el 30 de junio de 2027'),
 * decided on the day the page was made in the site's time zone, and 'Cómo inscribirse'.
 * Nothing when the settings say none of it.
 */
export function ProgrammeFacts() {
  const { programme } = useSiteSettings();
  const today = usePageDay();
  if (!programme || !hasProgrammeFacts(programme)) return null;
  const period = admissionPeriodText(programme);
  const line = admissionLine(programme, today);
  const facts = [
    programme.duration_months !== null && ['Duración', durationText(programme.duration_months)],
    programme.ects_credits !== null && ['Créditos', `${programme.ects_credits} ECTS`],
    programme.modality && ['Modalidad', MODALITY_LABELS[programme.modality]],
    programme.language && ['Idioma', programme.language],
    programme.price !== null && ['Precio', priceText(programme.price)],
    period && [PERIOD, period],
  ].filter((fact): fact is [string, string] => Array.isArray(fact));
  const apply = programme.how_to_apply_url;
  return (
    <section className="programme-facts" aria-labelledby="programme-facts-title">
      <div className="container">
        <p className="eyebrow">Datos del programa</p>
        <h2 id="programme-facts-title" className="section-title">
          El máster de un vistazo
        </h2>
        {facts.length > 0 && (
          <dl className="programme-facts__list">
            {facts.map(([term, value]) => (
              <div key={term} className={term === PERIOD ? 'programme-facts__item programme-facts__item--wide' : 'programme-facts__item'}>
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        )}
        {(line || apply) && (
          <div className="programme-facts__admission">
            {line && <p className="programme-facts__line">{line}</p>}
            {/* A plain link: the address may be another site's, a page of this one or a file (a PDF of the library). */}
            {apply && (
              <a className="button button--accent" href={apply}>
                Cómo inscribirse
              </a>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
