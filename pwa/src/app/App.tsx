import { createPortal } from 'react-dom';
import { RouterProvider } from 'react-router-dom';
import { ConfirmHost } from '@/ui/confirm';
import { Toaster } from '@/ui/toast/Toaster';
import { InstallHint } from './pwa/InstallHint';
import { UpdatePrompt } from './pwa/UpdatePrompt';
import { createAppRouter } from './router';

const router = createAppRouter();

export function App() {
  return (
    <>
      <RouterProvider router={router} />
      {/*
        Straight under <body>, beside (not inside) the app: an open dialog then treats a click on a toast
        as its own, so closing an error toast does not also close the form that caused it.
      */}
      {createPortal(<Toaster />, document.body)}
      <UpdatePrompt />
      <InstallHint />
      <ConfirmHost />
    </>
  );
}
