import { useCallback } from 'react';
import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { visitActorOf, type VisitStatus, type VisitSummary } from '@pharma/contracts';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { organizationQueryOptions, organizationPaths } from '../../organizations';
import { visitPaths } from '../paths';
import { visitQueryOptions } from '../api/get-visit';

/** Whether the visit is the signed-in user's own (they run it on the visit screen; others read its history). */
export function useIsOwnVisit() {
  const userId = useSession().user?.id;
  return useCallback((visit: Pick<VisitSummary, 'representativeId'>) => visitActorOf(visit, userId) === 'rep', [userId]);
}

/** Statuses a representative still works on at the organization. */
export const activeVisitStatuses: readonly VisitStatus[] = ['planned', 'overdue', 'in_progress'];

/** Whether "open" leads to the visit screen (the user's own visit, not finished) rather than the history. */
export function useOpensVisitScreen() {
  const isOwn = useIsOwnVisit();
  return useCallback((visit: Pick<VisitSummary, 'representativeId' | 'status'>) => isOwn(visit) && activeVisitStatuses.includes(visit.status), [isOwn]);
}

/**
 * Opens a visit: its own representative, while it is not finished, goes to the visit screen (/point-visit/:id/:type_id — the
 * summary has no organization type, so the organization is fetched, from the cache when it is
 * there); anybody else to the organization's history (/history/:id).
 */
export function useOpenVisit() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toVisitScreen = useOpensVisitScreen();
  const { message } = App.useApp();
  return useCallback(
    async (visit: Pick<VisitSummary, 'organizationId' | 'representativeId' | 'status'>) => {
      if (!toVisitScreen(visit)) {
        void navigate(visitPaths.history(visit.organizationId));
        return;
      }
      try {
        // the organization's type does not change: the one known (kept on the phone too) is enough, else it is asked for
        const organization = await queryClient.ensureQueryData(organizationQueryOptions(visit.organizationId));
        void navigate(organizationPaths.visit(organization.id, organization.type));
      } catch (error) {
        void message.error(errorMessage(error));
      }
    },
    [toVisitScreen, message, navigate, queryClient],
  );
}

/** Opens a visit known only by its id (a notification about it): the visit is read, then opened as above. */
export function useOpenVisitById() {
  const queryClient = useQueryClient();
  const open = useOpenVisit();
  const { message } = App.useApp();
  return useCallback(
    async (id: number) => {
      try {
        await open(await queryClient.fetchQuery(visitQueryOptions(id)));
      } catch (error) {
        void message.error(errorMessage(error));
      }
    },
    [open, message, queryClient],
  );
}
