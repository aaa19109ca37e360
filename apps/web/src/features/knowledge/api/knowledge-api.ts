import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddKnowledgeAttachmentBody, ListArticlesQuery, SaveArticleBody, SaveKnowledgeCategoryBody } from '@pharma/contracts';
import { api, fileTimeoutMs } from '../../../lib/api-client';

export const knowledgeKeys = {
  all: ['knowledge'] as const,
  categories: ['knowledge', 'categories'] as const,
  articles: ['knowledge', 'articles'] as const,
  article: (id: number | undefined) => ['knowledge', 'article', id] as const,
  versions: (id: number) => ['knowledge', 'versions', id] as const,
  file: (id: number) => ['knowledge', 'file', id] as const,
};

export const useKnowledgeCategories = () =>
  useQuery({ queryKey: knowledgeKeys.categories, queryFn: ({ signal }) => api.knowledge.categories.list({ signal }), select: (data) => data.items });

export const useArticles = (query: ListArticlesQuery & { page: number; size: number }, enabled = true) =>
  useQuery({
    queryKey: [...knowledgeKeys.articles, query],
    queryFn: ({ signal }) => api.knowledge.articles.list({ query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useArticle = (id: number | undefined) =>
  useQuery({ queryKey: knowledgeKeys.article(id), queryFn: ({ signal }) => api.knowledge.articles.get({ params: { id: id! }, signal }), enabled: !!id });

export const useArticleVersions = (id: number, enabled: boolean) =>
  useQuery({ queryKey: knowledgeKeys.versions(id), queryFn: ({ signal }) => api.knowledge.articles.versions({ params: { id }, signal }), enabled });

/** An article's file, read with the user's token and kept in memory (an image of its text). */
export const useKnowledgeFile = (id: number) =>
  useQuery({
    queryKey: knowledgeKeys.file(id),
    queryFn: async ({ signal }) => (await api.knowledge.attachments.get({ params: { id }, signal, timeoutMs: fileTimeoutMs })).blob,
    staleTime: Infinity,
  });

export const fetchKnowledgeFile = (id: number) => api.knowledge.attachments.get({ params: { id }, timeoutMs: fileTimeoutMs });

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: knowledgeKeys.all });
}

export function useSaveArticle(id: number | undefined) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: SaveArticleBody) => (id ? api.knowledge.articles.update({ params: { id }, body }) : api.knowledge.articles.create({ body })),
    onSuccess: invalidate,
  });
}

export function useRestoreVersion(id: number) {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (versionId: number) => api.knowledge.articles.restore({ params: { id, versionId } }), onSuccess: invalidate });
}

export function useDeleteArticle() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: number) => api.knowledge.articles.remove({ params: { id } }), onSuccess: invalidate });
}

export function useAddAttachment(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: AddKnowledgeAttachmentBody) => api.knowledge.articles.addAttachment({ params: { id }, body, timeoutMs: fileTimeoutMs }),
    onSuccess: invalidate,
  });
}

export function useRemoveAttachment() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (fileId: number) => api.knowledge.attachments.remove({ params: { id: fileId } }), onSuccess: invalidate });
}

export function useSaveCategory(id: number | undefined) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: SaveKnowledgeCategoryBody) =>
      id ? api.knowledge.categories.update({ params: { id }, body }) : api.knowledge.categories.create({ body }),
    onSuccess: invalidate,
  });
}

export function useDeleteCategory() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: number) => api.knowledge.categories.remove({ params: { id } }), onSuccess: invalidate });
}
