import { Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { toLocalImages } from './article-images';
import '../knowledge.css';

/** An article's text: HTML the server sanitized (only the editor's tags), its images read with the user's token. */
export function ArticleBody({ html }: { html: string }) {
  const shown = useQuery({ queryKey: ['knowledge', 'html', html], queryFn: () => toLocalImages(html), staleTime: Infinity });
  if (!shown.data && shown.isPending) return <Skeleton active />;
  return <div className="article-body" dangerouslySetInnerHTML={{ __html: shown.data ?? html }} />;
}
