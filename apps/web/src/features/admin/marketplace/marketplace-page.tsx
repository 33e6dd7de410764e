import { Navigate, Route, Routes } from "react-router";
import { AdminNotFoundPage } from "../status-pages";
import { AddonsPage, AttributesPage, CategoriesPage, SlidersPage } from "./catalogue-lists";
import { DeliverySetupPage } from "./delivery-setup";
import { ItemEditor } from "./item-editor";
import { ItemsPage } from "./items-page";
import { CouponsPage, OffersPage } from "./offers-coupons";
import "../parks/parks.css";
import "../reports/reports.css";
import "../orders/orders.css";

/** /admin/marketplace/<tab>: the catalogue, offers, sliders, coupons and Delivery Setup. */
export function AdminMarketplacePage() {
  return (
    <Routes>
      <Route index element={<Navigate to="items" replace />} />
      <Route path="items" element={<ItemsPage />} />
      <Route path="items/new" element={<ItemEditor />} />
      <Route path="items/:id" element={<ItemEditor />} />
      <Route path="categories" element={<CategoriesPage />} />
      <Route path="attributes" element={<AttributesPage />} />
      <Route path="addons" element={<AddonsPage />} />
      <Route path="offers" element={<OffersPage />} />
      <Route path="sliders" element={<SlidersPage />} />
      <Route path="coupons" element={<CouponsPage />} />
      <Route path="delivery" element={<DeliverySetupPage />} />
      <Route path="*" element={<AdminNotFoundPage />} />
    </Routes>
  );
}
