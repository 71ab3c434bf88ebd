import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CONTENT_ACTIVITY_ACTIONS } from '@/domain/history';
import { publicState } from '@/domain/publication-status';
import { Dashboard, type DashboardPublication } from '@/domain/schemas/dashboard';
import { siteTimeZone, todayIso } from '../clock';
import { eventAnswer } from '@/domain/events';
import { eventOfRow } from '../db/publications-repository';
import {
  countPublicToday,
  hiddenSectionsWithPublications,
  myDrafts,
  nextScheduled,
  upcomingEvents,
  publishedUndated,
  publishedWithoutAlt,
  recentActivity,
  recentlyPublished,
  type DashboardPublicationRow,
} from '../db/dashboard-repository';
import { toActivityEntry } from '../http/activity-entry';
import { contentSummary } from '../db/summary-repository';
import { staffUsernamesAmong } from '../db/users-repository';
import { canSeeSignIns } from '../auth/permissions';
import { staffSession } from '../plugins/auth';
import type { Services } from '../services';

function toDashboardPublication(row: DashboardPublicationRow, today: string): DashboardPublication {
  return {
    id: row.id,
    title: row.title,
    section: { id: row.section_id, title: row.section_title },
    publish_date: row.publish_date,
    updated_at: row.updated_at,
    public_state: publicState(
      { status: row.status, publish_date: row.publish_date, section_is_active: row.section_is_active === 1 },
      today,
    ),
  };
}

/**
 * GET /api/dashboard/: the admin landing ('Resumen') in one request: the
 * counts, and the panels of work as the account's role may see them.
 */
export const dashboardRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { db } = services;
  app.get(
    '/dashboard/',
    {
      schema: {
        tags: ['Resumen'],
        security: [{ bearer: [] }],
        summary: 'El trabajo pendiente: borradores propios, programadas, publicadas, pendiente de revisar y actividad reciente',
        response: { 200: Dashboard },
      },
    },
    async (request): Promise<Dashboard> => {
      const today = todayIso();
      const { user } = staffSession(request);
      // The roles matrix: sign-in entries, their addresses and locked usernames are an Administrador's to see.
      const signIns = canSeeSignIns(user.role);
      const [counts, publicToday, drafts, scheduled, events, published, withoutAlt, undated, hiddenSections, activity, locked] =
        await Promise.all([
          contentSummary(db),
          countPublicToday(db, today),
          myDrafts(db, user.id),
          nextScheduled(db, today),
          upcomingEvents(db, today),
          recentlyPublished(db, today),
          publishedWithoutAlt(db),
          publishedUndated(db),
          hiddenSectionsWithPublications(db),
          recentActivity(db, signIns ? {} : { actions: CONTENT_ACTIVITY_ACTIONS }),
          signIns ? services.loginThrottle.usernamesLockedForUnknownDevices() : Promise.resolve([]),
        ]);
      const line = (row: DashboardPublicationRow) => toDashboardPublication(row, today);
      return {
        today,
        sections: counts.sections,
        // 'publicadas' is what the public sees today, as the list's 'Publicado' filter counts it.
        publications: { total: counts.publications.total, published: publicToday },
        biographies: counts.biographies,
        locked_usernames: signIns ? await staffUsernamesAmong(db, locked) : [],
        my_drafts: drafts.map((row) => ({ ...line(row), edited_at: row.edited_at })),
        scheduled: scheduled.map(line),
        upcoming_events: events.flatMap((row) => {
          const event = eventOfRow(row);
          return event ? [{ ...line(row), event: eventAnswer(event, siteTimeZone()) }] : [];
        }),
        recently_published: published.map(line),
        review: {
          images_without_alt: { count: withoutAlt.count, items: withoutAlt.rows.map(line) },
          undated: { count: undated.count, items: undated.rows.map(line) },
          hidden_sections: hiddenSections,
        },
        activity: activity.map((row) => toActivityEntry(row, signIns)),
      };
    },
  );
};
