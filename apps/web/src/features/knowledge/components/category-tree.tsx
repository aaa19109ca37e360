import { useMemo } from 'react';
import { Tree, type TreeDataNode } from 'antd';
import { useTranslation } from 'react-i18next';
import { localized, type KnowledgeCategory } from '@pharma/contracts';
import { useLanguage } from '../../../lib/i18n';

/** The categories as a tree, "All articles" first; a click chooses a category (again: all). */
export function CategoryTree({
  categories,
  value,
  onChange,
}: {
  categories: KnowledgeCategory[];
  value: number | undefined;
  onChange: (id: number | undefined) => void;
}) {
  const { t } = useTranslation('knowledge');
  const lng = useLanguage();
  const treeData = useMemo(() => {
    const nodeOf = (parentId: number | null): TreeDataNode[] =>
      categories
        .filter((c) => c.parentId === parentId)
        .map((c) => ({ key: c.id, title: `${localized(c.name, lng)} (${c.articleCount})`, children: nodeOf(c.id) }));
    return [{ key: 0, title: t('allArticles'), children: nodeOf(null) }];
  }, [categories, lng, t]);
  return (
    <Tree
      className="knowledge-tree"
      treeData={treeData}
      defaultExpandAll
      blockNode
      selectedKeys={[value ?? 0]}
      onSelect={(keys) => {
        const key = Number(keys[0] ?? 0);
        onChange(key > 0 ? key : undefined);
      }}
    />
  );
}
