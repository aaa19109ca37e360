import type { ReactNode } from 'react';
import { Tag } from 'antd';
import { FacebookOutlined, InstagramOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ChatChannel, ChatStatus } from '@pharma/contracts';

const channelIcons: Record<ChatChannel, ReactNode> = {
  telegram: <SendOutlined />,
  instagram: <InstagramOutlined />,
  facebook: <FacebookOutlined />,
};
const channelColors: Record<ChatChannel, string> = { telegram: 'blue', instagram: 'magenta', facebook: 'geekblue' };
const statusColors: Record<ChatStatus, string> = { open: 'orange', waiting: 'blue', closed: 'default' };

export function ChatChannelTag({ channel }: { channel: ChatChannel }) {
  const { t } = useTranslation('chats');
  return (
    <Tag icon={channelIcons[channel]} color={channelColors[channel]} className="chat-tag">
      {t(`enums:chatChannel.${channel}`)}
    </Tag>
  );
}

export function ChatStatusTag({ status }: { status: ChatStatus }) {
  const { t } = useTranslation('chats');
  return (
    <Tag color={statusColors[status]} className="chat-tag" data-testid="chat-status">
      {t(`enums:chatStatus.${status}`)}
    </Tag>
  );
}
