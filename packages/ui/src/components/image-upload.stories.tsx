import { useState } from 'react';
import { apiHandler } from '@portal/storybook/api-mocks';
import { expect, expectToast, userEvent, waitFor, within, type Meta, type StoryObj } from '@portal/storybook/story-kit';
import { ImageUpload, type ImageUploadProps } from './image-upload.js';

/** A 1×1 PNG, served back as the "uploaded" image. */
const PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

function Controlled(props: Omit<ImageUploadProps, 'onChange'>) {
  const [value, setValue] = useState(props.value);
  return <ImageUpload {...props} value={value} onChange={setValue} />;
}

const meta = {
  title: 'UI/ImageUpload',
  component: Controlled,
  args: { value: '', purpose: 'ticket' },
} satisfies Meta<typeof Controlled>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: '上传图片' })).toBeVisible();
    await expect(canvas.getByText('jpg / png / webp，4M 以内')).toBeVisible();
  },
};

export const WithImage: Story = {
  args: { value: PNG_DATA_URL },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('img', { name: '已上传的图片' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: '移除' }));
    await expect(canvas.queryByRole('img')).toBeNull();
  },
};

/** Picking a PNG uploads it and shows the preview the server's answer names. */
export const Uploads: Story = {
  parameters: { msw: [apiHandler('file/upload', { file: { filename: 'a.png', url: PNG_DATA_URL } })] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'photo.png', { type: 'image/png' });
    await userEvent.upload(canvas.getByTestId('image-upload-input'), file);
    await waitFor(() => expect(canvas.getByRole('img', { name: '已上传的图片' })).toBeVisible());
  },
};

/** A file over 4 MB is refused before anything is sent. */
export const TooLarge: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const file = new File([new Uint8Array(4 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    await userEvent.upload(canvas.getByTestId('image-upload-input'), file);
    await expectToast('图片限制在4M内');
    await expect(canvas.queryByRole('img')).toBeNull();
  },
};
