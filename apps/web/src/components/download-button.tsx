import { useState, type ReactNode } from 'react';
import { App, Button, type ButtonProps } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { errorMessage } from '../lib/api-client';

/** Downloads a file the server produces (an .xlsx export); the server's message on failure. */
export function DownloadButton({ run, children, ...button }: { run: () => Promise<unknown>; children: ReactNode } & Omit<ButtonProps, 'onClick' | 'loading'>) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      icon={<DownloadOutlined />}
      {...button}
      loading={busy}
      onClick={() => {
        setBusy(true);
        run()
          .catch((error: unknown) => void message.error(errorMessage(error)))
          .finally(() => setBusy(false));
      }}
    >
      {children}
    </Button>
  );
}
