import { Button, type ButtonProps } from 'antd';
import { useHref, useNavigate } from 'react-router';

/** A button that is a real link (middle click, copy address) and navigates inside the app. */
export function LinkButton({ to, ...props }: Omit<ButtonProps, 'href' | 'onClick'> & { to: string }) {
  const navigate = useNavigate();
  const href = useHref(to);
  return (
    <Button
      {...props}
      href={props.disabled ? undefined : href}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
        event.preventDefault();
        void navigate(to);
      }}
    />
  );
}
