import { TreeSelect, type TreeSelectProps } from 'antd';
import { localized, searchKey, type Category } from '@pharma/contracts';
import { useLanguage } from '../../../lib/i18n';
import { useCategories } from '../api/get-categories';

export interface CategoryNode {
  value: number;
  title: string;
  category: Category;
  children?: CategoryNode[];
}

/** Categories with their subcategories as a tree, names in the interface language. */
export function useCategoryTree(): { tree: CategoryNode[]; byId: Map<number, Category>; isPending: boolean } {
  const lng = useLanguage();
  const categories = useCategories();
  const list = categories.data ?? [];
  const node = (c: Category): CategoryNode => ({ value: c.id, title: localized(c.name, lng), category: c });
  const byName = (a: CategoryNode, b: CategoryNode) => a.title.localeCompare(b.title, lng);
  const tree = list
    .filter((c) => c.parentId === null)
    .map((c) => {
      const children = list
        .filter((s) => s.parentId === c.id)
        .map(node)
        .sort(byName);
      return { ...node(c), children: children.length ? children : undefined };
    })
    .sort(byName);
  return { tree, byId: new Map(list.map((c) => [c.id, c])), isPending: categories.isPending };
}

/** A category or subcategory filter; `onlyTop` offers the top level only (the product form's category). */
export function CategorySelect({ onlyTop = false, ...props }: { onlyTop?: boolean } & Omit<TreeSelectProps<number>, 'treeData' | 'loading'>) {
  const { tree, isPending } = useCategoryTree();
  const data = onlyTop ? tree.map(({ children: _children, ...rest }) => rest) : tree;
  return (
    <TreeSelect<number>
      treeDefaultExpandAll
      showSearch={{ filterTreeNode: (input, node) => searchKey(String(node.title ?? '')).includes(searchKey(input)) }}
      loading={isPending}
      treeData={data}
      {...props}
    />
  );
}
