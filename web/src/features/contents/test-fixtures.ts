// What the content bank's tests share: a video file of the file manager as parts carry it.
import type { PartFile } from './api/contents-api';

export const video: PartFile = {
  id: 31,
  title: 'Cells under the microscope',
  file_name: 'cells.mp4',
  type: 'video',
  size: 2048,
  is_url: 0,
  provider: null,
  file_main_path: 'https://bucket.example.com/cells.mp4?sig=a',
  file_encode_path: null,
};
