import type { RouteObject } from 'react-router';

function HomePage() {
  return (
    <main>
      <h1>Máster en Educación Emocional y Convivencia Escolar</h1>
    </main>
  );
}

/** The public website's routes (eager: they are what most visitors load). */
export const siteRoutes: RouteObject[] = [{ path: '/', element: <HomePage /> }];
