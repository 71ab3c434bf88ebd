import type { OutboxMessage } from '@/domain/schemas/mail';
import { baseApi } from './base-api';

export interface OutboxPage {
  count: number;
  results: OutboxMessage[];
}

/** The site's mail ('Correo', /admin/usuarios/correo, Administrador only): newest first, paged by the server, never a body. */
const outboxApi = baseApi.enhanceEndpoints({ addTagTypes: ['Outbox'] }).injectEndpoints({
  endpoints: (build) => ({
    listOutbox: build.query<OutboxPage, { page: number; pageSize: number }>({
      query: ({ page, pageSize }) => ({ url: '/outbox/', params: { page, page_size: pageSize } }),
      providesTags: ['Outbox'],
    }),
  }),
});

export const { useListOutboxQuery } = outboxApi;
/** The cached page alone, without a request: what the page shows now decides whether it keeps asking. */
export const useListOutboxQueryState = outboxApi.endpoints.listOutbox.useQueryState;
