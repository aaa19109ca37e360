// antd's Dropdown in a chunk of its own: LazyDropdown loads it after the first screen (issue 16)
export { Dropdown } from 'antd';
