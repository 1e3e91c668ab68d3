import { describe, expect, it } from 'vitest';
import { noop, render, tag, text } from '../../lib/test-render';
import { ImagePickerField, type ImagePickerFieldProps } from './image-picker-field';

const texts = { title: 'Picture', hint: '16:9, at most 1 MB', preview: 'The picture', empty: 'No picture', upload: 'Upload', change: 'Change' };
const field = (props: Partial<ImagePickerFieldProps> = {}) => (
  <ImagePickerField texts={texts} src={null} types={['image/png', 'image/webp']} maxBytes={1024} testId="pic" onPick={noop} onProblem={noop} {...props} />
);

describe('ImagePickerField', () => {
  it('shows the picture or the empty box, the pick button, the caller’s actions and the error line', async () => {
    const empty = await render('en', field());
    expect(tag(empty, 'pic-input')).toContain('accept="image/png,image/webp"');
    expect(tag(empty, 'pic-preview')).toBe('');
    expect(tag(empty, 'pic-error')).toBe('');
    expect(text(empty)).toContain('Picture 16:9, at most 1 MB No picture Upload');

    const shown = await render('en', field({ src: 'data:image/png;base64,iVBORw0KGgo=', error: 'Too large', disabled: true, actions: <button data-testid="pic-remove">Remove</button> }));
    expect(tag(shown, 'pic-preview')).toContain('alt="The picture"');
    expect(tag(shown, 'pic-pick')).toContain('disabled');
    expect(text(shown)).toContain('Change Remove');
    expect(tag(shown, 'pic-error')).toContain('role="alert"');
    expect(text(shown)).toContain('Too large');
  });
});
