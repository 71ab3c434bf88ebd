import { renderHook } from '@testing-library/react';
import { useStartAtTop } from './use-start-at-top';

test('scrolls to the top when the page shown changes, and not on the first render', () => {
  const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  try {
    const { rerender } = renderHook(({ page }) => useStartAtTop(page), { initialProps: { page: '/noticias' } });
    expect(scrollTo).not.toHaveBeenCalled();
    rerender({ page: '/noticias' });
    expect(scrollTo).not.toHaveBeenCalled();
    rerender({ page: '/revista' });
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
  } finally {
    scrollTo.mockRestore();
  }
});
