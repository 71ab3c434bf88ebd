/**
 * jsdom has <dialog> but not its methods. This gives it the parts the admin's
 * confirmation dialog relies on: showModal() opens it, close() closes it and
 * fires 'close', and Escape inside an open modal dialog fires 'cancel' and
 * closes it, as browsers do. Import it at the top of a component test.
 */
const proto = HTMLDialogElement.prototype as HTMLDialogElement & { __polyfilled?: boolean };

if (!proto.__polyfilled) {
  proto.__polyfilled = true;
  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.show = proto.showModal;
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const dialog = (event.target as Element | null)?.closest?.('dialog[open]') as HTMLDialogElement | null;
    if (!dialog) return;
    if (dialog.dispatchEvent(new Event('cancel', { cancelable: true }))) dialog.close();
  });
}

export {};
