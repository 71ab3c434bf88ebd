/**
 * Spanish demo content for a fresh start (docs/decisions/040-demo-content.md).
 * Pure data: no I/O, no database, no randomness. The seeder stores the images
 * and inserts these rows; array order is display order (`order` = index).
 *
 * Exports, for the seeder:
 * - `demoSections: DemoSection[]`        the catalogue's five sections, in navigation order.
 * - `demoPublications: DemoPublication[]` 14 publications; `sectionSlug` names
 *   their section; `featuredImage` is an image key; image cells carry
 *   `demoImageRef(key)` ('demo-image:<key>') as content.
 * - `demoBiographies: DemoBiography[]`   eight faculty profiles; `photo` is an
 *   image key or null.
 * - `demoImages: DemoImage[]`            every image key used above, with its
 *   kind (landscape 1600x900 / portrait 600x600) and the label drawn on it.
 *   `./images.ts` renders them; `./layout.ts` turns a demo layout into a
 *   domain `Layout` once the images have URLs.
 * - `DEMO_IMAGE_PREFIX`, `demoImageRef(key)` the reference format in cells.
 * - `DEMO_TODAY`: the date the content was written for: published items are
 *   dated before it, one is dated after it (scheduled, not yet public).
 */

import { publicSections, type PublicSectionSlug } from '@/domain/catalogue';
import { DEFAULT_LIST_ORDER, type ListOrder } from '@/domain/list-order';
import type { PublicationEvent } from '@/domain/events';

export type DemoImageKind = 'landscape' | 'portrait';

export interface DemoImage {
  key: string;
  /** landscape: 1600x900 (featured and content images); portrait: 600x600. */
  kind: DemoImageKind;
  /** Short text drawn on a landscape image ('' for none); portraits carry none. */
  label: string;
  /** Smaller line above the label. */
  eyebrow: string;
}

export interface DemoSection {
  title: string;
  slug: string;
  is_active: boolean;
  list_order: ListOrder;
}

/** The orders migration 024 gave the catalogue's sections on sites that had them (docs/decisions/196); the rest by date. */
const DEMO_LIST_ORDERS: Record<string, ListOrder> = { 'presentacion-del-magister': 'manual', congresos: 'event' };

export type DemoCellType = 'text' | 'image' | 'video';

export interface DemoCell {
  type: DemoCellType;
  /** HTML for text, demoImageRef(key) for image, a YouTube or Vimeo address for video. */
  content: string;
  /** 1..4; a row's spans add up to at most 4. */
  columnSpan: number;
}

export type DemoRow = DemoCell[];

export interface DemoPublication {
  /** Stable name within the demo (not stored): for tests and logs. */
  key: string;
  title: string;
  sectionSlug: PublicSectionSlug;
  status: 'draft' | 'published' | 'archived';
  is_featured: boolean;
  /** YYYY-MM-DD */
  publish_date: string;
  /** An image key of `demoImages`. */
  featuredImage: string;
  layout: DemoRow[];
  /** The event it announces, as stored (wall-clock times of the site's zone; docs/decisions/197). */
  event?: PublicationEvent;
}

export interface DemoBiography {
  name: string;
  position: string;
  /** Plain text, at most 3000 characters (requirements §5). */
  biography: string;
  email: string;
  /** The 'WEB' field: an https address. */
  linkedin: string;
  /** An image key of `demoImages` (portrait), or null for no photo. */
  photo: string | null;
  is_active: boolean;
}

export const DEMO_IMAGE_PREFIX = 'demo-image:';

/** What an image cell holds until the seeder replaces it by the stored URL. */
export const demoImageRef = (key: string): string => `${DEMO_IMAGE_PREFIX}${key}`;

/** The day the content was written for; published dates fall before it. */
export const DEMO_TODAY = '2026-11-22';

const SITE = 'https://master-educacion-emocional.es';
const MAIL = 'master-educacion-emocional.es';

// Short builders so that the rows below read as a page plan.
const text = (html: string, columnSpan = 4): DemoCell => ({ type: 'text', content: html.trim(), columnSpan });
const image = (key: string, columnSpan = 4): DemoCell => ({ type: 'image', content: demoImageRef(key), columnSpan });
const video = (url: string, columnSpan = 4): DemoCell => ({ type: 'video', content: url, columnSpan });

// ---------------------------------------------------------------------------
// Sections
// ---------------------------------------------------------------------------

// The catalogue's five public sections, all visible.
export const demoSections: DemoSection[] = publicSections.map(({ title, slug }) => ({
  title,
  slug,
  is_active: true,
  list_order: DEMO_LIST_ORDERS[slug] ?? DEFAULT_LIST_ORDER,
}));

// ---------------------------------------------------------------------------
// Images (rendered by ./images.ts)
// ---------------------------------------------------------------------------

export const demoImages: DemoImage[] = [
  // Featured images, one per publication.
  { key: 'bienvenida', kind: 'landscape', eyebrow: 'Máster Universitario', label: 'Educación Emocional y Convivencia' },
  { key: 'plan-estudios', kind: 'landscape', eyebrow: 'Curso 2026-2027', label: 'Plan de estudios' },
  { key: 'revista-11', kind: 'landscape', eyebrow: 'Revista Convivir', label: 'Número 11' },
  { key: 'revista-12', kind: 'landscape', eyebrow: 'Revista Convivir', label: 'Número 12 · Mediación' },
  { key: 'revista-13', kind: 'landscape', eyebrow: 'Revista Convivir', label: 'Número 13 · Bienestar docente' },
  { key: 'congreso-2025', kind: 'landscape', eyebrow: 'II Congreso Internacional', label: 'Escuelas que cuidan' },
  { key: 'congreso-2026', kind: 'landscape', eyebrow: 'III Congreso Internacional', label: 'Convivir es aprender' },
  { key: 'congreso-2027', kind: 'landscape', eyebrow: 'IV Congreso Internacional', label: 'Programa provisional' },
  { key: 'podcast', kind: 'landscape', eyebrow: 'Podcast', label: 'Aulas que sienten' },
  { key: 'taller-circulos', kind: 'landscape', eyebrow: 'Media', label: 'Círculos restaurativos' },
  { key: 'preinscripcion', kind: 'landscape', eyebrow: 'Noticias', label: 'Preinscripción abierta' },
  { key: 'convenio-centros', kind: 'landscape', eyebrow: 'Noticias', label: 'Red de centros de prácticas' },
  { key: 'premio-tfm', kind: 'landscape', eyebrow: 'Noticias', label: 'Premio al mejor TFM' },
  { key: 'puertas-abiertas', kind: 'landscape', eyebrow: 'Noticias', label: 'Jornada de puertas abiertas' },
  // Content images, inside layouts.
  { key: 'aula-1', kind: 'landscape', eyebrow: '', label: '' },
  { key: 'aula-2', kind: 'landscape', eyebrow: '', label: '' },
  { key: 'patio', kind: 'landscape', eyebrow: '', label: '' },
  { key: 'mediacion', kind: 'landscape', eyebrow: '', label: '' },
  { key: 'cartel-congreso', kind: 'landscape', eyebrow: 'Valencia · 14-16 de mayo de 2026', label: 'III Congreso' },
  { key: 'sala-congreso', kind: 'landscape', eyebrow: '', label: '' },
  // Portraits.
  { key: 'retrato-carmen', kind: 'portrait', eyebrow: '', label: '' },
  { key: 'retrato-javier', kind: 'portrait', eyebrow: '', label: '' },
  { key: 'retrato-lucia', kind: 'portrait', eyebrow: '', label: '' },
  { key: 'retrato-andres', kind: 'portrait', eyebrow: '', label: '' },
  { key: 'retrato-nerea', kind: 'portrait', eyebrow: '', label: '' },
  { key: 'retrato-valentina', kind: 'portrait', eyebrow: '', label: '' },
  { key: 'retrato-montserrat', kind: 'portrait', eyebrow: '', label: '' },
];

// ---------------------------------------------------------------------------
// Publications
// ---------------------------------------------------------------------------

export const demoPublications: DemoPublication[] = [
  // --- Presentación del Máster -------------------------------------------
  {
    key: 'bienvenida',
    title: 'Bienvenida al Máster en Educación Emocional y Convivencia Escolar',
    sectionSlug: 'presentacion-del-magister',
    status: 'published',
    is_featured: true,
    publish_date: '2025-09-01',
    featuredImage: 'bienvenida',
    layout: [
      [
        text(`
<p>Aprender a convivir es, probablemente, el aprendizaje más importante que ocurre en una escuela. El <strong>Máster en Educación Emocional y Convivencia Escolar</strong> nace para acompañar a docentes, orientadores y equipos directivos que quieren hacer de sus centros lugares donde cada alumno y cada alumna se sienta seguro, escuchado y capaz.</p>
<p>Durante un curso académico combinamos la investigación más reciente sobre desarrollo socioemocional con la práctica diaria de las aulas: programas de competencias emocionales, mediación entre iguales, prácticas restaurativas, prevención del acoso y del ciberacoso, y cuidado del bienestar del profesorado.</p>
`),
      ],
      [
        text(
          `
<h2>Un máster pensado desde el aula</h2>
<p>Todo el profesorado del programa combina la docencia universitaria con el trabajo en centros educativos. Por eso cada módulo termina con una <em>propuesta aplicable</em>: un plan de acogida, un protocolo de convivencia revisado, una secuencia de tutoría o un proyecto de mediación listo para ponerse en marcha.</p>
<blockquote>«No se trata de añadir una asignatura más, sino de cambiar la manera en que nos relacionamos dentro de la escuela.»</blockquote>
`,
          2,
        ),
        image('aula-1', 2),
      ],
      [
        text(
          `
<h3>Objetivos</h3>
<ul>
<li>Comprender el desarrollo emocional de la infancia a la adolescencia.</li>
<li>Diseñar y evaluar programas de educación emocional.</li>
<li>Liderar planes de convivencia participativos.</li>
</ul>
`,
          2,
        ),
        text(
          `
<h3>Modalidad</h3>
<p>Semipresencial: sesiones en directo los viernes por la tarde y cuatro seminarios intensivos en sábado.</p>
`,
          1,
        ),
        text(
          `
<h3>Duración</h3>
<p><strong>60 ECTS</strong> en un curso académico, de octubre a junio, con prácticas en centros colaboradores.</p>
`,
          1,
        ),
      ],
      [
        text(
          `
<h2>Para abrir boca</h2>
<p>Antes de la primera sesión proponemos ver y comentar esta conocida animación sobre la diferencia entre empatía y simpatía. La retomaremos en el módulo dedicado a la escucha y el acompañamiento emocional.</p>
`,
          2,
        ),
        video('https://www.youtube.com/watch?v=1Evwgu369Jw', 2),
      ],
    ],
  },
  {
    key: 'plan-estudios',
    title: 'Plan de estudios: módulos, prácticas y trabajo fin de máster',
    sectionSlug: 'presentacion-del-magister',
    status: 'published',
    is_featured: false,
    publish_date: '2025-09-15',
    featuredImage: 'plan-estudios',
    layout: [
      [
        text(`
<p>El plan de estudios se organiza en <strong>seis módulos obligatorios</strong>, un periodo de prácticas externas y el trabajo fin de máster. Los módulos siguen un orden deliberado: primero comprendemos cómo se desarrollan las emociones, después aprendemos a educarlas y, por último, a construir una convivencia que sostenga todo lo anterior.</p>
`),
      ],
      [
        text(
          `
<h2>Módulos</h2>
<ul>
<li><strong>M1. Desarrollo socioemocional</strong> (8 ECTS): apego, autorregulación y construcción de la identidad de los 3 a los 18 años.</li>
<li><strong>M2. Competencias emocionales en el currículo</strong> (8 ECTS): conciencia, regulación, autonomía, competencia social y habilidades de vida.</li>
<li><strong>M3. Convivencia y clima escolar</strong> (8 ECTS): normas democráticas, asambleas y evaluación del clima de centro.</li>
<li><strong>M4. Mediación y prácticas restaurativas</strong> (8 ECTS): círculos, conferencias restaurativas y equipos de alumnado mediador.</li>
<li><strong>M5. Prevención del acoso y el ciberacoso</strong> (6 ECTS): detección temprana, protocolos y trabajo con familias.</li>
<li><strong>M6. Bienestar docente</strong> (4 ECTS): estrés, autocuidado y equipos que se apoyan.</li>
</ul>
`,
          3,
        ),
        text(
          `
<h3>Calendario</h3>
<p>Octubre a febrero: módulos 1 a 4.</p>
<p>Marzo a mayo: módulos 5 y 6 y prácticas.</p>
<p>Junio: defensa del trabajo fin de máster.</p>
`,
          1,
        ),
      ],
      [
        image('aula-2', 2),
        text(
          `
<h2>Prácticas en centros</h2>
<p>Las prácticas (<strong>12 ECTS</strong>) se realizan en colegios e institutos de nuestra red de centros colaboradores. Cada estudiante se integra en el equipo de orientación o de convivencia y diseña una intervención tutorizada por un profesional del centro y por un docente del máster.</p>
<p>Quienes ya trabajan en un centro educativo pueden, con el visto bueno de la dirección, realizar las prácticas en su propio centro.</p>
`,
          2,
        ),
      ],
      [
        text(`
<h2>Trabajo fin de máster</h2>
<p>El TFM (<strong>6 ECTS</strong>) puede ser un proyecto de investigación o una propuesta de intervención evaluada. En las últimas ediciones se han defendido trabajos sobre la acogida del alumnado recién llegado, los recreos inclusivos, la educación emocional en Educación Infantil y la prevención del ciberacoso en el primer ciclo de Secundaria.</p>
<p>Puede consultar la guía docente completa escribiendo a <a href="mailto:secretaria@${MAIL}">secretaria@${MAIL}</a>.</p>
`),
      ],
    ],
  },

  // --- Revista ------------------------------------------------------------
  {
    key: 'revista-11',
    title: 'Revista Convivir, n.º 11: emociones en el aula de Secundaria',
    sectionSlug: 'revista',
    status: 'published',
    is_featured: false,
    publish_date: '2025-06-20',
    featuredImage: 'revista-11',
    layout: [
      [
        text(`
<p>Ya está disponible el número 11 de <em>Convivir. Revista de Educación Emocional y Convivencia Escolar</em>, dedicado a la vida emocional del alumnado adolescente y a lo que los institutos pueden hacer para acompañarla sin invadirla.</p>
`),
      ],
      [
        text(
          `
<h2>Sumario</h2>
<ul>
<li><strong>Editorial.</strong> Adolescentes que sienten mucho y dicen poco.</li>
<li>«La tutoría como espacio de regulación emocional: un estudio en doce institutos públicos». <em>M. Sanz y P. Lorenzo.</em></li>
<li>«Vergüenza, pertenencia y rendimiento en 2.º de ESO». <em>A. Benítez.</em></li>
<li>«Diarios emocionales en el aula de Lengua: una experiencia de escritura reflexiva». <em>R. Olmedo.</em></li>
<li>«¿Qué cuentan los chicos? Masculinidades y expresión emocional en la adolescencia». <em>J. Montes Iriarte.</em></li>
<li><strong>Reseñas.</strong> Tres libros recientes sobre salud mental en la escuela.</li>
</ul>
`,
          3,
        ),
        text(
          `
<h3>Datos del número</h3>
<p>Junio de 2025<br>148 páginas<br>Acceso abierto</p>
`,
          1,
        ),
      ],
      [
        text(`
<blockquote>«El instituto no puede ser un lugar donde las emociones se dejan en la puerta. Entran con el alumnado, y lo mejor que podemos hacer es darles un sitio.»</blockquote>
<p>Del editorial del número, firmado por el consejo de redacción.</p>
`),
      ],
    ],
  },
  {
    key: 'revista-12',
    title: 'Revista Convivir, n.º 12: monográfico sobre mediación escolar',
    sectionSlug: 'revista',
    status: 'published',
    is_featured: true,
    publish_date: '2026-03-12',
    featuredImage: 'revista-12',
    layout: [
      [
        text(`
<p>Veinte años después de que los primeros equipos de mediación llegaran a los institutos españoles, el número 12 de <em>Convivir</em> se pregunta qué ha funcionado, qué se ha quedado por el camino y qué necesita la mediación para dejar de depender del entusiasmo de unas pocas personas.</p>
`),
      ],
      [
        image('mediacion', 2),
        text(
          `
<h2>En este número</h2>
<ul>
<li>«Mediación entre iguales en Primaria: evaluación de un programa en cuarenta centros». <em>L. Ferrer Quintana y A. Salcedo Ramírez.</em></li>
<li>«Cuando el conflicto es con el docente: límites y posibilidades de la mediación vertical». <em>T. Gil.</em></li>
<li>«Prácticas restaurativas y expulsiones: lo que dicen los datos». <em>N. Etxeberria Goikoetxea.</em></li>
<li>«El alumnado mediador diez años después». <em>I. Campos.</em></li>
</ul>
`,
          2,
        ),
      ],
      [
        text(
          `
<h3>Entrevista</h3>
<p>Conversamos con una jefa de estudios que puso en marcha un servicio de mediación en un instituto de 900 alumnos: «Lo difícil no fue formar a los mediadores, sino convencer al claustro de que un conflicto resuelto vale más que un parte firmado».</p>
`,
          2,
        ),
        text(
          `
<h3>Cómo citar</h3>
<p><em>Convivir. Revista de Educación Emocional y Convivencia Escolar</em>, 12 (2026). Todos los artículos se publican con licencia <strong>CC BY 4.0</strong>.</p>
`,
          2,
        ),
      ],
    ],
  },
  {
    key: 'revista-13-borrador',
    title: 'Revista Convivir, n.º 13: bienestar docente (sumario en preparación)',
    sectionSlug: 'revista',
    status: 'draft',
    is_featured: false,
    publish_date: '2026-12-15',
    featuredImage: 'revista-13',
    layout: [
      [
        text(`
<p><strong>Borrador interno.</strong> Sumario provisional del número 13, pendiente de las últimas revisiones por pares.</p>
<ul>
<li>«Agotamiento emocional del profesorado tras la pandemia: un estudio longitudinal».</li>
<li>«Equipos docentes que se cuidan: apoyo mutuo y sentido de comunidad».</li>
<li>«Mindfulness en la sala de profesores: luces y sombras de una moda».</li>
</ul>
`),
      ],
    ],
  },

  // --- Congresos ----------------------------------------------------------
  {
    key: 'congreso-2025-cronica',
    title: 'Crónica del II Congreso Internacional «Escuelas que cuidan»',
    sectionSlug: 'congresos',
    status: 'published',
    is_featured: false,
    publish_date: '2025-11-28',
    featuredImage: 'congreso-2025',
    event: { start: '2025-11-06', end: '2025-11-08', all_day: true, location: 'Salamanca', online_url: null, registration_url: null },
    layout: [
      [
        text(`
<p>Más de <strong>600 docentes, orientadores e investigadores</strong> de nueve países se reunieron en Salamanca del 6 al 8 de noviembre para el II Congreso Internacional de Educación Emocional y Convivencia Escolar. Bajo el lema <em>«Escuelas que cuidan»</em>, el encuentro puso el foco en cómo los centros pueden convertirse en entornos protectores para la infancia y la adolescencia.</p>
`),
      ],
      [
        text(
          `
<h2>Tres ideas que nos llevamos</h2>
<ul>
<li><strong>El clima se construye en lo pequeño</strong>: los saludos en la puerta, los recreos, la forma de corregir.</li>
<li><strong>La prevención del acoso empieza por el grupo</strong>, no por el agresor: trabajar con quienes observan cambia la dinámica.</li>
<li><strong>Quien cuida necesita ser cuidado</strong>: ningún plan de convivencia funciona con un claustro agotado.</li>
</ul>
`,
          2,
        ),
        image('sala-congreso', 2),
      ],
      [
        text(`
<p>Las ponencias plenarias están disponibles en la sección <a href="/media">Media</a>, y las actas con las 142 comunicaciones presentadas se publicarán en un número especial de la revista <em>Convivir</em>.</p>
`),
      ],
    ],
  },
  {
    key: 'congreso-2026-llamada',
    title: 'III Congreso Internacional: abierta la llamada a comunicaciones',
    sectionSlug: 'congresos',
    status: 'published',
    is_featured: true,
    publish_date: '2026-02-10',
    featuredImage: 'congreso-2026',
    event: {
      start: '2026-05-14',
      end: '2026-05-16',
      all_day: true,
      location: 'Valencia, Facultad de Magisterio',
      online_url: null,
      registration_url: 'https://www.example.org/congreso-2026/inscripcion',
    },
    layout: [
      [
        text(`
<p>El <strong>III Congreso Internacional de Educación Emocional y Convivencia Escolar</strong> se celebrará en Valencia del 14 al 16 de mayo de 2026 con el lema <em>«Convivir es aprender»</em>. Invitamos a docentes, equipos de orientación, investigadores y estudiantes a presentar sus experiencias y trabajos.</p>
`),
      ],
      [
        text(
          `
<h2>Líneas temáticas</h2>
<ul>
<li>Educación emocional en Infantil y Primaria.</li>
<li>Adolescencia, salud mental y escuela.</li>
<li>Mediación, prácticas restaurativas y gestión positiva del conflicto.</li>
<li>Prevención del acoso y del ciberacoso.</li>
<li>Bienestar docente y liderazgo de centros.</li>
<li>Familias y comunidad educativa.</li>
</ul>
`,
          2,
        ),
        image('cartel-congreso', 2),
      ],
      [
        text(
          `
<h3>Fechas clave</h3>
<p>Envío de resúmenes: hasta el <strong>15 de marzo</strong>.<br>Comunicación de aceptación: 5 de abril.<br>Inscripción reducida: hasta el 20 de abril.</p>
`,
          2,
        ),
        text(
          `
<h3>Formatos</h3>
<p>Comunicación oral (15 minutos), póster, taller práctico (60 minutos) y relato de experiencia de aula. Se aceptan propuestas en español, portugués e inglés.</p>
`,
          2,
        ),
      ],
      [
        text(`
<p>Las propuestas se envían a <a href="mailto:congreso@${MAIL}">congreso@${MAIL}</a> indicando la línea temática y el formato. Las comunicaciones aceptadas podrán publicarse como capítulo en el libro de actas con ISBN.</p>
`),
      ],
    ],
  },
  {
    key: 'congreso-2027-programa',
    title: 'IV Congreso Internacional: programa provisional',
    sectionSlug: 'congresos',
    status: 'published',
    is_featured: false,
    // Scheduled: dated after DEMO_TODAY, so it is not public yet.
    publish_date: '2027-01-18',
    featuredImage: 'congreso-2027',
    event: { start: '2027-04-22', end: '2027-04-24', all_day: true, location: 'Granada', online_url: null, registration_url: null },
    layout: [
      [
        text(`
<p>Avance del programa del IV Congreso Internacional de Educación Emocional y Convivencia Escolar, que se celebrará en Granada en la primavera de 2027. Las conferencias plenarias abordarán la inteligencia artificial y la convivencia digital, la educación emocional en contextos de vulnerabilidad y el papel de las familias.</p>
`),
      ],
    ],
  },

  // --- Media --------------------------------------------------------------
  {
    key: 'podcast-aulas-que-sienten',
    title: 'Podcast «Aulas que sienten»: la calma también se aprende',
    sectionSlug: 'media',
    status: 'published',
    is_featured: false,
    publish_date: '2026-01-27',
    featuredImage: 'podcast',
    layout: [
      [
        text(`
<p>En el nuevo episodio de <em>Aulas que sienten</em>, el podcast del máster, hablamos con la orientadora Lucía Ferrer sobre cómo enseñar a regularse a niños y niñas de Educación Infantil y Primaria: rincones de la calma, cuentos, rutinas de respiración y, sobre todo, adultos que saben mantener la serenidad.</p>
`),
      ],
      [
        video('https://vimeo.com/22439234', 2),
        text(
          `
<h2>Una pausa para respirar</h2>
<p>Acompañamos el episodio con una pieza audiovisual de paisaje para practicar en clase la <strong>respiración 4-4-4</strong>:</p>
<ul>
<li>Inspirar contando hasta cuatro.</li>
<li>Retener el aire contando hasta cuatro.</li>
<li>Soltarlo despacio, de nuevo hasta cuatro.</li>
</ul>
<p>Tres o cuatro ciclos bastan para cambiar el ritmo de un grupo después del recreo.</p>
`,
          2,
        ),
      ],
      [
        text(`
<blockquote>«Un niño no se calma porque le digamos que se calme. Se calma cuando alguien tranquilo le presta su calma.»</blockquote>
`),
      ],
    ],
  },
  {
    key: 'taller-circulos',
    title: 'Vídeo: taller de círculos restaurativos con alumnado de Primaria',
    sectionSlug: 'media',
    status: 'published',
    is_featured: true,
    publish_date: '2026-05-06',
    featuredImage: 'taller-circulos',
    layout: [
      [
        text(`
<p>Los círculos restaurativos son una de las herramientas más sencillas y potentes para la convivencia: el grupo se sienta en círculo, un objeto de palabra va pasando de mano en mano y cada persona puede hablar o pasar. En este taller, grabado en un colegio público de la red de prácticas, el alumnado de 5.º de Primaria resolvió un conflicto surgido en el patio.</p>
`),
      ],
      [
        video('https://www.youtube.com/watch?v=zDZFcDGpL4U', 2),
        text(
          `
<h2>Material complementario</h2>
<p>Para contextualizar el taller recomendamos esta conocida conferencia animada sobre por qué la escuela necesita cambiar sus paradigmas. Sirve como punto de partida para el debate en el módulo de convivencia.</p>
<h3>Preguntas de un círculo</h3>
<ul>
<li>¿Qué ha pasado?</li>
<li>¿Qué pensabas en ese momento?</li>
<li>¿A quién ha afectado y de qué manera?</li>
<li>¿Qué necesitamos para reparar el daño?</li>
</ul>
`,
          2,
        ),
      ],
      [
        image('patio', 1),
        image('aula-1', 1),
        text(
          `
<h3>Claves para el docente</h3>
<p>El adulto facilita, no juzga. Su tarea es cuidar el turno de palabra, devolver las preguntas al grupo y ayudar a que los acuerdos sean <strong>concretos, posibles y revisables</strong>. Una semana después, el círculo vuelve a reunirse para comprobar si los acuerdos se han cumplido.</p>
`,
          2,
        ),
      ],
    ],
  },

  // --- Noticias -----------------------------------------------------------
  {
    key: 'convenio-centros',
    title: 'El Máster amplía a 24 centros su red de prácticas',
    sectionSlug: 'noticias',
    status: 'published',
    is_featured: false,
    publish_date: '2026-01-20',
    featuredImage: 'convenio-centros',
    layout: [
      [
        text(`
<p>La universidad ha firmado nuevos convenios con <strong>seis colegios e institutos</strong>, con lo que la red de centros colaboradores del máster alcanza los 24. Los nuevos centros aportan experiencias consolidadas en alumnado ayudante, patios inclusivos y acogida de alumnado recién llegado.</p>
`),
      ],
      [
        text(
          `
<p>«Las prácticas son el momento en que el máster se vuelve real», explica la coordinadora de prácticas, Lucía Ferrer Quintana. «Queremos que cada estudiante encuentre un centro donde la convivencia se trabaje de verdad, no solo en el papel.»</p>
<p>La asignación de plazas para el curso 2026-2027 se hará en febrero, teniendo en cuenta la etapa educativa y la provincia de residencia de cada estudiante.</p>
`,
          3,
        ),
        text(
          `
<h3>En cifras</h3>
<ul>
<li>24 centros</li>
<li>11 localidades</li>
<li>38 tutores profesionales</li>
</ul>
`,
          1,
        ),
      ],
    ],
  },
  {
    key: 'preinscripcion',
    title: 'Abierto el plazo de preinscripción para la sexta edición del Máster',
    sectionSlug: 'noticias',
    status: 'published',
    is_featured: true,
    publish_date: '2026-04-15',
    featuredImage: 'preinscripcion',
    layout: [
      [
        text(`
<p>Desde hoy y hasta el <strong>30 de junio</strong> está abierto el plazo de preinscripción para la sexta edición del Máster en Educación Emocional y Convivencia Escolar (curso 2026-2027). El programa ofrece <strong>40 plazas</strong> en modalidad semipresencial.</p>
`),
      ],
      [
        text(
          `
<h2>¿Quién puede inscribirse?</h2>
<p>Titulados en Magisterio, Pedagogía, Psicología, Psicopedagogía, Educación Social o cualquier grado con el Máster de Formación del Profesorado. Se valorará la experiencia docente y la vinculación con un centro educativo.</p>
<h2>Documentación</h2>
<ul>
<li>Título universitario y expediente académico.</li>
<li>Currículum vitae.</li>
<li>Carta de motivación (máximo una página).</li>
</ul>
`,
          2,
        ),
        text(
          `
<h3>Becas</h3>
<p>El máster reserva <strong>cinco becas</strong> del 50 % de la matrícula para docentes en centros de especial dificultad.</p>
<h3>Contacto</h3>
<p><a href="mailto:admision@${MAIL}">admision@${MAIL}</a></p>
`,
          2,
        ),
      ],
    ],
  },
  {
    key: 'premio-tfm',
    title: 'Premio al mejor trabajo fin de máster sobre prevención del acoso escolar',
    sectionSlug: 'noticias',
    status: 'published',
    is_featured: false,
    publish_date: '2026-10-05',
    featuredImage: 'premio-tfm',
    layout: [
      [
        text(`
<p>El trabajo fin de máster <em>«Quienes miran también cuentan: un programa para activar al alumnado observador ante el acoso escolar»</em>, de la egresada Irene Castaño, ha recibido el premio autonómico a la mejor investigación educativa de posgrado.</p>
`),
      ],
      [
        text(
          `
<p>El programa, aplicado durante un trimestre en cuatro institutos, redujo en un tercio las situaciones de exclusión detectadas por los propios alumnos y aumentó de forma notable el número de casos comunicados al equipo de convivencia.</p>
<blockquote>«El acoso necesita público. Cuando el público deja de reír y empieza a ayudar, el acoso pierde su fuerza.»</blockquote>
`,
          2,
        ),
        image('aula-2', 2),
      ],
      [
        text(`
<p>El trabajo fue dirigido por el profesor Andrés Salcedo Ramírez y se presentará en formato taller en el próximo congreso internacional.</p>
`),
      ],
    ],
  },
  {
    key: 'puertas-abiertas',
    title: 'Jornada de puertas abiertas virtual: conoce el Máster',
    sectionSlug: 'noticias',
    status: 'published',
    is_featured: false,
    publish_date: '2026-11-10',
    featuredImage: 'puertas-abiertas',
    event: {
      start: '2026-12-03T18:00:00',
      end: '2026-12-03T19:30:00',
      all_day: false,
      location: null,
      online_url: 'https://www.example.org/puertas-abiertas',
      registration_url: null,
    },
    layout: [
      [
        text(`
<p>El próximo <strong>jueves 3 de diciembre, a las 18:00</strong>, celebraremos una jornada de puertas abiertas en línea para presentar el máster a las personas interesadas en la próxima edición.</p>
`),
      ],
      [
        text(
          `
<h3>Programa</h3>
<ul>
<li>Presentación del programa a cargo de la dirección.</li>
<li>Cómo son las prácticas en centros.</li>
<li>Testimonios de estudiantes egresados.</li>
<li>Turno abierto de preguntas.</li>
</ul>
`,
          2,
        ),
        text(
          `
<h3>Inscripción</h3>
<p>La asistencia es gratuita. Para recibir el enlace de la sesión basta con escribir a <a href="mailto:info@${MAIL}">info@${MAIL}</a>.</p>
<p>Mientras tanto, puede conocer al <a href="/cuerpo-docente">cuerpo docente</a> del máster.</p>
`,
          2,
        ),
      ],
      [video('https://www.youtube.com/watch?v=iCvmsMzlF7o', 4)],
    ],
  },
];

// ---------------------------------------------------------------------------
// Biographies
// ---------------------------------------------------------------------------

export const demoBiographies: DemoBiography[] = [
  {
    name: 'Dra. Carmen Ruiz Albarracín',
    position: 'Directora del Máster. Catedrática de Psicología de la Educación',
    biography:
      'Doctora en Psicología por la Universidad de Granada y catedrática de Psicología de la Educación. Dirige el Máster en Educación Emocional y Convivencia Escolar desde su primera edición. ' +
      'Antes de dedicarse a la universidad trabajó once años como orientadora en institutos públicos de Andalucía, una experiencia que marca su manera de entender la investigación: preguntas que nacen en los centros y respuestas que vuelven a ellos. ' +
      'Ha dirigido cuatro proyectos nacionales de investigación sobre competencias emocionales del alumnado adolescente y clima escolar, y es autora de más de sesenta artículos y de los libros «Educar las emociones en Secundaria» y «El centro como comunidad». ' +
      'Coordina el grupo de investigación GIESE y forma parte del consejo asesor de varios programas autonómicos de convivencia. En el máster imparte el módulo de desarrollo socioemocional y tutoriza trabajos fin de máster sobre evaluación de programas.',
    email: `carmen.ruiz@${MAIL}`,
    linkedin: `${SITE}/equipo/carmen-ruiz-albarracin`,
    photo: 'retrato-carmen',
    is_active: true,
  },
  {
    name: 'Dr. Javier Montes Iriarte',
    position: 'Profesor titular de Psicología Evolutiva y de la Educación',
    biography:
      'Profesor titular de Psicología Evolutiva y de la Educación. Su investigación se centra en la regulación emocional durante la adolescencia y en la forma en que chicos y chicas aprenden a expresar lo que sienten. ' +
      'Realizó una estancia posdoctoral de dos años en la Universidad de Yale, en el centro de investigación sobre inteligencia emocional, donde participó en la adaptación de programas de aprendizaje socioemocional al contexto europeo. ' +
      'Es autor de instrumentos de evaluación de competencias emocionales utilizados en centros de varias comunidades autónomas. En el máster coordina el módulo de competencias emocionales en el currículo.',
    email: `javier.montes@${MAIL}`,
    linkedin: `${SITE}/equipo/javier-montes-iriarte`,
    photo: 'retrato-javier',
    is_active: true,
  },
  {
    name: 'Dra. Lucía Ferrer Quintana',
    position: 'Coordinadora de prácticas. Orientadora educativa',
    biography:
      'Orientadora educativa en un colegio público de Educación Infantil y Primaria y doctora en Educación. Lleva más de quince años poniendo en marcha programas de educación emocional en las primeras etapas: rincones de la calma, asambleas de aula y proyectos de alumnado ayudante. ' +
      'Es coordinadora de prácticas del máster y se encarga de la relación con la red de centros colaboradores. Colabora con el podcast «Aulas que sienten» y forma a equipos docentes en regulación emocional infantil.',
    email: `lucia.ferrer@${MAIL}`,
    linkedin: `${SITE}/equipo/lucia-ferrer-quintana`,
    photo: 'retrato-lucia',
    is_active: true,
  },
  {
    name: 'Dr. Andrés Salcedo Ramírez',
    position: 'Profesor de Mediación y Resolución de Conflictos',
    biography:
      'Mediador familiar y escolar y doctor en Ciencias de la Educación. Fue jefe de estudios durante ocho años en un instituto de Madrid, donde creó uno de los primeros servicios de mediación entre iguales de la región, todavía en funcionamiento. ' +
      'Se ha especializado en prácticas restaurativas: círculos de diálogo, conferencias restaurativas y acompañamiento a centros que quieren sustituir la lógica del castigo por la de la reparación. ' +
      'Ha formado a más de dos mil docentes en gestión positiva del conflicto y es coautor de la guía «Mediar en la escuela: manual para equipos de convivencia». En el máster imparte el módulo de mediación y dirige trabajos sobre prevención del acoso escolar.',
    email: `andres.salcedo@${MAIL}`,
    linkedin: `${SITE}/equipo/andres-salcedo-ramirez`,
    photo: 'retrato-andres',
    is_active: true,
  },
  {
    name: 'Dra. Nerea Etxeberria Goikoetxea',
    position: 'Investigadora en bienestar docente y clima escolar',
    biography:
      'Doctora en Psicología por la Universidad del País Vasco e investigadora en bienestar docente. Estudia el agotamiento emocional del profesorado y los factores de los centros que lo protegen: equipos cohesionados, liderazgo que escucha y tiempo para la reflexión compartida. ' +
      'Ha coordinado un estudio longitudinal con más de tres mil docentes de Educación Primaria y Secundaria cuyos resultados se publicarán en la revista «Convivir». ' +
      'En el máster imparte el módulo de bienestar docente, en el que combina evidencia científica con prácticas de autocuidado que el profesorado puede incorporar a su jornada.',
    email: `nerea.etxeberria@${MAIL}`,
    linkedin: `${SITE}/equipo/nerea-etxeberria-goikoetxea`,
    photo: 'retrato-nerea',
    is_active: true,
  },
  {
    name: 'Mtra. Valentina Ortiz Herrera',
    position: 'Profesora invitada. Convivencia digital y ciberacoso',
    biography:
      'Maestra y psicopedagoga mexicana, especialista en convivencia digital. Ha trabajado en programas de prevención del ciberacoso en escuelas de México, Colombia y España, y asesora a organismos educativos en la elaboración de protocolos para el uso responsable de redes sociales. ' +
      'Imparte en el máster el seminario sobre ciberacoso y alfabetización emocional digital, con especial atención al trabajo con familias.',
    email: `valentina.ortiz@${MAIL}`,
    linkedin: `${SITE}/equipo/valentina-ortiz-herrera`,
    photo: 'retrato-valentina',
    is_active: true,
  },
  {
    name: 'Dr. Rafael Castellanos Benítez',
    position: 'Profesor colaborador. Inspector de Educación',
    biography:
      'Inspector de Educación y doctor en Pedagogía. Ha participado en la elaboración de la normativa autonómica de convivencia y en la revisión de los protocolos de actuación ante situaciones de acoso escolar. ' +
      'En el máster explica el marco normativo de la convivencia: planes de convivencia, derechos y deberes del alumnado, procedimientos de corrección y el papel de la inspección en el acompañamiento a los centros. ' +
      'Su perspectiva ayuda al estudiantado a entender qué se puede hacer dentro de la norma y cómo utilizarla a favor de las medidas educativas y restaurativas.',
    email: `rafael.castellanos@${MAIL}`,
    linkedin: `${SITE}/equipo/rafael-castellanos-benitez`,
    photo: null,
    is_active: true,
  },
  {
    name: 'Dra. Montserrat Vilaseca Puig',
    position: 'Profesora asociada de Didáctica y Organización Escolar',
    biography:
      'Profesora asociada de Didáctica y Organización Escolar y directora de una escuela de Educación Primaria en Girona. Su trabajo se centra en la organización de los centros como comunidades de aprendizaje y en la participación de las familias en la vida escolar. ' +
      'Durante el presente curso disfruta de una licencia de investigación, por lo que no imparte docencia en el máster.',
    email: `montserrat.vilaseca@${MAIL}`,
    linkedin: `${SITE}/equipo/montserrat-vilaseca-puig`,
    photo: 'retrato-montserrat',
    is_active: false,
  },
];
