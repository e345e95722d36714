package org.infiniscope.diag.internal;

import java.util.LinkedHashMap;
import java.util.Map;

import org.infiniscope.diag.format.SaFormat;
import org.infiniscope.mad.ClassPortInfo;
import org.infiniscope.mad.sa.GUIDInfoRecord;
import org.infiniscope.mad.sa.InformInfo;
import org.infiniscope.mad.sa.InformInfoRecord;
import org.infiniscope.mad.sa.LFTRecord;
import org.infiniscope.mad.sa.LinkRecord;
import org.infiniscope.mad.sa.MFTRecord;
import org.infiniscope.mad.sa.PKeyTableRecord;
import org.infiniscope.mad.sa.SL2VLRecord;
import org.infiniscope.mad.sa.VLArbRecord;
import org.infiniscope.mad.sa.MCMemberRecord;
import org.infiniscope.mad.sa.NodeRecord;
import org.infiniscope.mad.sa.PathRecord;
import org.infiniscope.mad.sa.PortInfoRecord;
import org.infiniscope.mad.sa.SMInfoRecord;
import org.infiniscope.mad.sa.ServiceRecord;
import org.infiniscope.mad.sa.SwitchInfoRecord;
import org.infiniscope.mad.smp.NodeInfo;
import org.infiniscope.mad.smp.PortInfo;
import org.infiniscope.mad.smp.SmInfo;
import org.infiniscope.mad.smp.SwitchInfo;

/** The SA records of {@code saquery --json}: one object per record, named as the spec names the fields. */
final class SaJson {

    private SaJson() {
    }

    private static Map<String, Object> address(ClassPortInfo.Address a) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("gid", SaFormat.gid(a.gid()));
        m.put("trafficClass", a.trafficClass());
        m.put("serviceLevel", a.serviceLevel());
        m.put("flowLabel", a.flowLabel());
        m.put("lid", a.lid());
        m.put("pKey", a.pKey());
        m.put("qp", a.qp());
        m.put("qKey", Integer.toUnsignedLong(a.qKey()));
        return m;
    }

    /** @return the record's object, {@code recordType} first */
    static Map<String, Object> of(Object record) {
        Map<String, Object> m = new LinkedHashMap<>();
        switch (record) {
            case NodeRecord r -> {
                m.put("recordType", "NodeRecord");
                m.put("lid", r.lid());
                NodeInfo n = r.nodeInfo();
                m.put("baseVersion", n.baseVersion());
                m.put("classVersion", n.classVersion());
                m.put("nodeType", n.nodeType());
                m.put("numPorts", n.numPorts());
                m.put("systemImageGuid", guid(n.systemImageGuid()));
                m.put("nodeGuid", guid(n.nodeGuid()));
                m.put("portGuid", guid(n.portGuid()));
                m.put("partitionCap", n.partitionCap());
                m.put("deviceId", n.deviceId());
                m.put("revision", Integer.toUnsignedLong(n.revision()));
                m.put("localPortNum", n.localPortNum());
                m.put("vendorId", n.vendorId());
                m.put("nodeDescription", r.nodeDescription().text());
            }
            case PortInfoRecord r -> {
                m.put("recordType", "PortInfoRecord");
                m.put("endportLid", r.endportLid());
                m.put("portNum", r.portNum());
                m.put("options", r.options());
                PortInfo p = r.portInfo();
                m.put("lid", p.lid());
                m.put("lmc", p.lmc());
                m.put("masterSmLid", p.masterSmLid());
                m.put("capabilityMask", Integer.toUnsignedLong(p.capabilityMask()));
                m.put("capabilityMask2", p.capabilityMask2());
                m.put("portState", p.portState());
                m.put("portPhysicalState", p.portPhysicalState());
                m.put("linkWidthActive", p.linkWidthActive());
                m.put("linkSpeedActive", p.linkSpeedActive());
                m.put("linkSpeedExtActive", p.linkSpeedExtActive());
                m.put("neighborMtu", p.neighborMtu());
                m.put("mtuCap", p.mtuCap());
                m.put("vlCap", p.vlCap());
                m.put("operationalVls", p.operationalVls());
                m.put("portInfo", org.infiniscope.diag.format.SmpFormat.portInfo(p));
            }
            case LinkRecord r -> {
                m.put("recordType", "LinkRecord");
                m.put("fromLid", r.fromLid());
                m.put("fromPort", r.fromPort());
                m.put("toPort", r.toPort());
                m.put("toLid", r.toLid());
            }
            case PathRecord r -> {
                m.put("recordType", "PathRecord");
                m.put("serviceId", guid(r.serviceId()));
                m.put("dgid", SaFormat.gid(r.dgid()));
                m.put("sgid", SaFormat.gid(r.sgid()));
                m.put("dlid", r.dlid());
                m.put("slid", r.slid());
                m.put("rawTraffic", r.rawTraffic());
                m.put("flowLabel", r.flowLabel());
                m.put("hopLimit", r.hopLimit());
                m.put("tClass", r.tClass());
                m.put("reversible", r.reversible());
                m.put("numbPath", r.numbPath());
                m.put("pKey", r.pKey());
                m.put("qosClass", r.qosClass());
                m.put("sl", r.sl());
                m.put("mtuSelector", r.mtuSelector());
                m.put("mtu", r.mtu());
                m.put("rateSelector", r.rateSelector());
                m.put("rate", r.rate());
                m.put("packetLifeTimeSelector", r.packetLifeTimeSelector());
                m.put("packetLifeTime", r.packetLifeTime());
                m.put("preference", r.preference());
            }
            case MCMemberRecord r -> {
                m.put("recordType", "MCMemberRecord");
                m.put("mgid", SaFormat.gid(r.mgid()));
                m.put("portGid", SaFormat.gid(r.portGid()));
                m.put("qKey", Integer.toUnsignedLong(r.qKey()));
                m.put("mlid", r.mlid());
                m.put("mtuSelector", r.mtuSelector());
                m.put("mtu", r.mtu());
                m.put("tClass", r.tClass());
                m.put("pKey", r.pKey());
                m.put("rateSelector", r.rateSelector());
                m.put("rate", r.rate());
                m.put("packetLifeTimeSelector", r.packetLifeTimeSelector());
                m.put("packetLifeTime", r.packetLifeTime());
                m.put("sl", r.sl());
                m.put("flowLabel", r.flowLabel());
                m.put("hopLimit", r.hopLimit());
                m.put("scope", r.scope());
                m.put("joinState", r.joinState());
                m.put("proxyJoin", r.proxyJoin());
            }
            case ServiceRecord r -> {
                m.put("recordType", "ServiceRecord");
                m.put("serviceId", guid(r.serviceId()));
                m.put("serviceGid", SaFormat.gid(r.serviceGid()));
                m.put("servicePKey", r.servicePKey());
                m.put("serviceLease", r.serviceLease());
                m.put("serviceName", r.serviceName());
                m.put("serviceData8", r.serviceData8());
                m.put("serviceData16", r.serviceData16());
                m.put("serviceData32", r.serviceData32().stream().map(Integer::toUnsignedLong).toList());
                m.put("serviceData64", r.serviceData64().stream().map(SaJson::guid).toList());
            }
            case SwitchInfoRecord r -> {
                m.put("recordType", "SwitchInfoRecord");
                m.put("lid", r.lid());
                SwitchInfo s = r.switchInfo();
                m.put("linearFdbCap", s.linearFdbCap());
                m.put("randomFdbCap", s.randomFdbCap());
                m.put("multicastFdbCap", s.multicastFdbCap());
                m.put("linearFdbTop", s.linearFdbTop());
                m.put("defaultPort", s.defaultPort());
                m.put("defaultMulticastPrimaryPort", s.defaultMulticastPrimaryPort());
                m.put("defaultMulticastNotPrimaryPort", s.defaultMulticastNotPrimaryPort());
                m.put("lifeTimeValue", s.lifeTimeValue());
                m.put("portStateChange", s.portStateChange());
                m.put("optimizedSl2VlMapping", s.optimizedSl2VlMapping());
                m.put("lidsPerPort", s.lidsPerPort());
                m.put("partitionEnforcementCap", s.partitionEnforcementCap());
                m.put("enhancedPort0", s.enhancedPort0());
                m.put("multicastFdbTop", s.multicastFdbTop());
            }
            case SMInfoRecord r -> {
                m.put("recordType", "SMInfoRecord");
                m.put("lid", r.lid());
                SmInfo s = r.smInfo();
                m.put("guid", guid(s.guid()));
                m.put("activityCount", Integer.toUnsignedLong(s.actCount()));
                m.put("priority", s.priority());
                m.put("smState", s.smState());
            }
            case ClassPortInfo c -> {
                m.put("recordType", "ClassPortInfo");
                m.put("baseVersion", c.baseVersion());
                m.put("classVersion", c.classVersion());
                m.put("capabilityMask", c.capabilityMask());
                m.put("capabilityMask2", c.capabilityMask2());
                m.put("respTimeValue", c.respTimeValue());
                m.put("redirect", address(c.redirect()));
                m.put("trap", address(c.trap()));
                m.put("trapHopLimit", c.trapHopLimit());
            }
            case SL2VLRecord r -> {
                m.put("recordType", "SL2VLTableRecord");
                m.put("lid", r.lid());
                m.put("inputPortNum", r.inputPortNum());
                m.put("outputPortNum", r.outputPortNum());
                m.put("vls", r.sl2Vl().vls());
            }
            case PKeyTableRecord r -> {
                m.put("recordType", "PKeyTableRecord");
                m.put("lid", r.lid());
                m.put("portNum", r.portNum());
                m.put("blockNum", r.blockNum());
                m.put("pKeys", r.pKeyTable().pKeys());
            }
            case VLArbRecord r -> {
                m.put("recordType", "VLArbitrationTableRecord");
                m.put("lid", r.lid());
                m.put("outputPortNum", r.outputPortNum());
                m.put("blockNum", r.blockNum());
                m.put("entries", r.vlArbitration().entries().stream()
                        .map(e -> Map.<String, Object>of("vl", e.vl(), "weight", e.weight())).toList());
            }
            case LFTRecord r -> {
                m.put("recordType", "LFTRecord");
                m.put("lid", r.lid());
                m.put("blockNum", r.blockNum());
                m.put("ports", r.lft().ports());
            }
            case MFTRecord r -> {
                m.put("recordType", "MFTRecord");
                m.put("lid", r.lid());
                m.put("position", r.position());
                m.put("blockNum", r.blockNum());
                m.put("portMasks", r.mft().portMasks());
            }
            case GUIDInfoRecord r -> {
                m.put("recordType", "GUIDInfoRecord");
                m.put("lid", r.lid());
                m.put("blockNum", r.blockNum());
                m.put("guids", r.guidInfo().guids().stream().map(SaJson::guid).toList());
            }
            case InformInfoRecord r -> {
                m.put("recordType", "InformInfoRecord");
                m.put("subscriberGid", SaFormat.gid(r.subscriberGid()));
                m.put("subscriberEnum", r.subscriberEnum());
                InformInfo i = r.informInfo();
                m.put("gid", SaFormat.gid(i.gid()));
                m.put("lidRangeBegin", i.lidRangeBegin());
                m.put("lidRangeEnd", i.lidRangeEnd());
                m.put("isGeneric", i.isGeneric());
                m.put("subscribe", i.subscribe());
                m.put("type", i.type());
                m.put(i.isGeneric() ? "trapNumber" : "deviceId", i.trapNumberOrDeviceId());
                m.put("respTimeValue", i.respTimeValue());
                m.put(i.isGeneric() ? "producerType" : "vendorId", i.producerTypeOrVendorId());
            }
            default -> throw new IllegalArgumentException("not an SA record of saquery: " + record.getClass());
        }
        return m;
    }

    private static String guid(long value) {
        return String.format("0x%016x", value);
    }
}
