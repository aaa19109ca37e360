import { Button, Tooltip } from 'antd';
import { StarFilled, StarOutlined } from '@ant-design/icons';

/** The favorite star of a row or a card: a toggle button (aria-pressed) with the action as its name. */
export function FavoriteStar({
  active,
  onToggle,
  loading,
  addLabel,
  removeLabel,
  size = 'middle',
}: {
  active: boolean;
  onToggle: (next: boolean) => void;
  loading?: boolean;
  addLabel: string;
  removeLabel: string;
  size?: 'small' | 'middle' | 'large';
}) {
  const label = active ? removeLabel : addLabel;
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        size={size}
        shape="circle"
        aria-pressed={active}
        aria-label={label}
        loading={loading}
        className={active ? 'favorite-star favorite-star--on' : 'favorite-star'}
        icon={active ? <StarFilled /> : <StarOutlined />}
        onClick={(event) => {
          event.stopPropagation();
          event.preventDefault();
          onToggle(!active);
        }}
      />
    </Tooltip>
  );
}
